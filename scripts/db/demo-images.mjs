// Product photographs for the demo catalog, drawn here rather than downloaded (the machines that run `npm start`
// may have no internet): each is an SVG still life of the produce on a table, rendered to JPEG with sharp, so the
// storefront shows real image files that travel through the same file store, variants job and cache headers as a
// seller's upload.
import sharp from 'sharp';

/** Side of a demo photograph in pixels (square, like most phone product photos). */
export const DEMO_IMAGE_SIZE = 800;

/** Small deterministic random numbers, so a product's photograph is the same on every seed. */
function randomFrom(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A hash of a text, to seed the drawing of one product's photograph. */
function hashOf(text) {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0), 16777619);
  return hash >>> 0;
}

/** A colour a little lighter (amount > 0) or darker (amount < 0). */
function shade(hex, amount) {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift) => {
    const c = (value >> shift) & 0xff;
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const leaf = (x, y, angle, size, color) =>
  `<path transform="translate(${x} ${y}) rotate(${angle}) scale(${size / 40})" d="M0 0 C 12 -18, 34 -18, 46 0 C 34 18, 12 18, 0 0 Z" fill="${color}"/>` +
  `<path transform="translate(${x} ${y}) rotate(${angle}) scale(${size / 40})" d="M2 0 L 44 0" stroke="${shade(color, -0.35)}" stroke-width="1.5"/>`;

/** One item of produce at (x, y), drawn by kind. */
const ITEMS = {
  round(x, y, r, { color, accent }, rand) {
    const stem = accent ? leaf(x - 4, y - r * 0.92, -30 - rand() * 40, r * 0.5, accent) : '';
    return (
      `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#body)"/>` +
      `<ellipse cx="${x - r * 0.35}" cy="${y - r * 0.38}" rx="${r * 0.22}" ry="${r * 0.14}" fill="#fff" opacity="0.45" transform="rotate(-35 ${x - r * 0.35} ${y - r * 0.38})"/>` +
      stem
    ).replaceAll('url(#body)', `url(#body-${color.slice(1)})`);
  },
  long(x, y, r, { color, accent }, rand) {
    const angle = -50 + rand() * 100;
    const cap = accent
      ? `<rect x="${-r * 0.25}" y="${-r * 2.3}" width="${r * 0.5}" height="${r * 0.5}" rx="${r * 0.15}" fill="${accent}"/>`
      : '';
    return (
      `<g transform="translate(${x} ${y}) rotate(${angle})">` +
      `<rect x="${-r * 0.42}" y="${-r * 1.9}" width="${r * 0.84}" height="${r * 3.8}" rx="${r * 0.42}" fill="url(#body-${color.slice(1)})"/>` +
      `<rect x="${-r * 0.22}" y="${-r * 1.6}" width="${r * 0.12}" height="${r * 3}" rx="${r * 0.06}" fill="#fff" opacity="0.35"/>` +
      cap +
      `</g>`
    );
  },
  leafy(x, y, r, { color }, rand) {
    const leaves = [];
    for (let i = 0; i < 5; i += 1)
      leaves.push(
        leaf(x, y, -160 + i * 35 + rand() * 20, r * (1.2 + rand() * 0.5), i % 2 ? color : shade(color, 0.15)),
      );
    return leaves.join('');
  },
  root(x, y, r, { color }, rand) {
    const points = Array.from({ length: 7 }, (_, i) => {
      const a = (i / 7) * Math.PI * 2;
      const d = r * (0.75 + rand() * 0.35);
      return `${(x + Math.cos(a) * d * 1.25).toFixed(1)},${(y + Math.sin(a) * d * 0.85).toFixed(1)}`;
    });
    return (
      `<polygon points="${points.join(' ')}" fill="url(#body-${color.slice(1)})" stroke="${shade(color, -0.25)}" stroke-width="3" stroke-linejoin="round"/>` +
      `<circle cx="${x - r * 0.3}" cy="${y - r * 0.1}" r="${r * 0.06}" fill="${shade(color, -0.4)}"/>` +
      `<circle cx="${x + r * 0.35}" cy="${y + r * 0.15}" r="${r * 0.05}" fill="${shade(color, -0.4)}"/>`
    );
  },
};

/** A container (jar, bottle, sack, block) in the middle of the table, with its contents' colour. */
const CONTAINERS = {
  jar: ({ color, accent }) =>
    `<rect x="290" y="300" width="220" height="300" rx="36" fill="url(#body-${color.slice(1)})" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>` +
    `<rect x="280" y="262" width="240" height="56" rx="14" fill="${accent ?? '#8d5524'}"/>` +
    `<rect x="320" y="400" width="160" height="110" rx="12" fill="#fffaf0"/>` +
    `<rect x="345" y="430" width="110" height="12" rx="6" fill="${shade(color, -0.3)}"/>` +
    `<rect x="360" y="458" width="80" height="10" rx="5" fill="${shade(color, -0.1)}"/>` +
    `<rect x="312" y="330" width="22" height="240" rx="11" fill="#fff" opacity="0.3"/>`,
  bottle: ({ color, accent }) =>
    `<path d="M360 190 h80 v70 c0 30 60 40 60 110 v220 c0 20 -15 35 -35 35 h-130 c-20 0 -35 -15 -35 -35 v-220 c0 -70 60 -80 60 -110 z" fill="url(#body-${color.slice(1)})" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>` +
    `<rect x="352" y="160" width="96" height="44" rx="10" fill="${accent ?? '#2e7d32'}"/>` +
    `<rect x="330" y="420" width="140" height="110" rx="10" fill="#fffaf0"/>` +
    `<rect x="352" y="452" width="96" height="12" rx="6" fill="${shade(color, -0.35)}"/>` +
    `<rect x="320" y="330" width="18" height="240" rx="9" fill="#fff" opacity="0.3"/>`,
  sack: ({ color, accent }) =>
    `<path d="M250 330 q150 -60 300 0 l30 250 q-180 60 -360 0 z" fill="#d9b98a" stroke="#b08d5a" stroke-width="6"/>` +
    `<path d="M250 330 q150 -60 300 0 q-150 70 -300 0 z" fill="#c9a26b"/>` +
    `<ellipse cx="400" cy="318" rx="135" ry="36" fill="url(#body-${color.slice(1)})"/>` +
    `<rect x="330" y="430" width="140" height="90" rx="10" fill="${accent ?? '#2e7d32'}" opacity="0.85"/>` +
    `<rect x="352" y="462" width="96" height="12" rx="6" fill="#fffaf0"/>`,
  block: ({ color }) =>
    [
      [250, 420],
      [420, 430],
      [335, 330],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${x}" y="${y}" width="150" height="130" rx="28" fill="url(#body-${color.slice(1)})" stroke="${shade(color, -0.3)}" stroke-width="4"/>` +
          `<rect x="${x + 18}" y="${y + 16}" width="60" height="14" rx="7" fill="#fff" opacity="0.3"/>`,
      )
      .join(''),
};

/** How each demo product is drawn: the kind of item or container and its colours. */
export const DEMO_LOOKS = {
  round: (color, accent) => ({ kind: 'round', color, accent }),
  long: (color, accent) => ({ kind: 'long', color, accent }),
  leafy: (color) => ({ kind: 'leafy', color }),
  root: (color) => ({ kind: 'root', color }),
  jar: (color, accent) => ({ kind: 'jar', color, accent }),
  bottle: (color, accent) => ({ kind: 'bottle', color, accent }),
  sack: (color, accent) => ({ kind: 'sack', color, accent }),
  block: (color) => ({ kind: 'block', color }),
};

const BACKDROPS = ['#f4efe4', '#eef5ea', '#fbeee0', '#e9f1f5'];

/**
 * The SVG of one demo photograph: `look` (from {@link DEMO_LOOKS}), drawn from a seed made of the product's name and
 * the photo's number, so the second photo of a product is the same produce from another angle.
 */
export function demoImageSvg(name, look, photo = 0) {
  const rand = randomFrom(hashOf(`${name}#${photo}`));
  const backdrop = BACKDROPS[(hashOf(name) + photo) % BACKDROPS.length];
  const { color } = look;
  const gradient =
    `<radialGradient id="body-${color.slice(1)}" cx="35%" cy="30%" r="75%">` +
    `<stop offset="0" stop-color="${shade(color, 0.35)}"/><stop offset="0.6" stop-color="${color}"/>` +
    `<stop offset="1" stop-color="${shade(color, -0.3)}"/></radialGradient>`;
  let subject;
  if (CONTAINERS[look.kind]) {
    subject = CONTAINERS[look.kind](look);
    // A few loose pieces beside the container.
    for (let i = 0; i < 4; i += 1) {
      subject += ITEMS.round(170 + rand() * 60 + (i % 2) * 420, 560 + rand() * 60, 18 + rand() * 10, look, rand);
    }
  } else {
    const items = [];
    const count = look.kind === 'leafy' ? 7 : 9 + Math.floor(rand() * 4);
    for (let i = 0; i < count; i += 1) {
      const row = Math.floor(i / 4);
      const x = 190 + (i % 4) * 140 + (rand() - 0.5) * 60 + (row % 2) * 50;
      const y = 560 - row * 95 + (rand() - 0.5) * 40;
      const r = (look.kind === 'long' ? 48 : 70) + rand() * 20;
      items.push(ITEMS[look.kind](x, y, r, look, rand));
    }
    subject = items.reverse().join('');
  }
  const size = DEMO_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">` +
    `<defs>${gradient}<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(backdrop, 0.4)}"/>` +
    `<stop offset="1" stop-color="${backdrop}"/></linearGradient>` +
    `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b07d4f"/><stop offset="1" stop-color="#8a5a33"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#wall)"/>` +
    `<rect y="600" width="800" height="200" fill="url(#table)"/>` +
    `<path d="M0 650 H800 M0 715 H800" stroke="#7a4d2a" stroke-width="3" opacity="0.5"/>` +
    `<ellipse cx="400" cy="640" rx="330" ry="40" fill="#000" opacity="0.12"/>` +
    subject +
    `</svg>`
  );
}

/** The JPEG bytes of one demo photograph (see {@link demoImageSvg}). */
export function demoImageJpeg(name, look, photo = 0) {
  return sharp(Buffer.from(demoImageSvg(name, look, photo)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
