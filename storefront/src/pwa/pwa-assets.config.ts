import { defineConfig } from '@vite-pwa/assets-generator/config';

/** The leaf green of the favicon and the theme colour: a maskable icon's bleed must be the tile's own colour. */
const LEAF_GREEN = '#2E7D32';

/**
 * The install icons, made from the leaf logo (public/favicon.svg) by `npm run icons -w storefront` and committed:
 * 192 and 512 px for Android's home screen and splash, a maskable 512 px whose green fills the whole square (Android
 * crops it to a circle or a squircle, so the leaf sits well inside the 80 % safe zone), and the 180 px touch icon iOS
 * looks for at /apple-touch-icon.png.
 */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    transparent: { sizes: [192, 512], padding: 0.05, favicons: [] },
    maskable: { sizes: [512], padding: 0.1, resizeOptions: { background: LEAF_GREEN } },
    apple: { sizes: [180], padding: 0.1, resizeOptions: { background: LEAF_GREEN } },
    assetName: (type, size) =>
      type === 'apple' ? 'apple-touch-icon.png' : `${type === 'maskable' ? 'maskable-icon' : 'icon'}-${size.width}.png`,
  },
  images: ['public/favicon.svg'],
});
