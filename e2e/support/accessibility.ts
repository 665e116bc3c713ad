import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** The rules of WCAG 2.0 and 2.1, levels A and AA: what issue 18 asks the storefront and the console to meet. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a journey; moderate and minor ones are reported by axe but do not block a person. */
const blocking = new Set(['serious', 'critical']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** One line per offending element: `[serious] color-contrast: <help>` then the element and axe's own summary. */
function describe(findings: Finding[]): string {
  return findings
    .map((finding) =>
      [
        `[${finding.impact}] ${finding.rule}: ${finding.help}`,
        ...finding.targets.map(
          (target, index) =>
            `    at ${target}${index === 0 ? `\n      ${finding.summary.replaceAll('\n', '\n      ')}` : ''}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Lets the page come to rest before axe measures it: two frames, so that what an observer starts (the footer's columns
 * fade in as they scroll into view) has started, then the end of every finite CSS transition and animation running.
 * axe reads colours as drawn, and a heading halfway through its fade-in fails contrast that it passes at rest (the
 * catalog journey's flake, docs/development.md, "Flaky tests"). Endless animations (a skeleton's pulse) are not
 * waited for.
 */
async function atRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe-core on the page as it is once at rest (WCAG 2.1 A and AA) and fails with a readable list when any serious or
 * critical violation is found. `name` says which page and state was checked, in the failure and in the count report.
 *
 * With AXE_REPORT=<file> set, the counts of every check are appended to that file as JSON lines and nothing fails, so
 * one run can measure every page (docs/accessibility.md keeps the counts before and after the fixes).
 */
export async function expectAccessible(page: Page, name: string, options: { exclude?: string[] } = {}): Promise<void> {
  await test.step(`axe: ${name}`, async () => {
    let builder = new AxeBuilder({ page }).withTags(wcagTags);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    await atRest(page);
    const { violations } = await builder.analyze();
    const findings: Finding[] = violations
      .filter((violation) => blocking.has(violation.impact ?? ''))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        summary: violation.nodes[0]?.failureSummary ?? '',
      }));
    const report = process.env.AXE_REPORT;
    if (report) {
      const count = (impact: string) =>
        violations
          .filter((violation) => violation.impact === impact)
          .reduce((sum, violation) => sum + violation.nodes.length, 0);
      appendFileSync(
        report,
        `${JSON.stringify({
          name,
          test: test.info().title,
          critical: count('critical'),
          serious: count('serious'),
          rules: findings.map((finding) => `${finding.rule}(${finding.targets.length})`),
          details: describe(findings),
        })}\n`,
      );
      return;
    }
    expect(findings, `axe found serious or critical violations on ${name}:\n${describe(findings)}`).toEqual([]);
  });
}

/**
 * The element that has the keyboard focus shows it: it matches :focus-visible and a computed outline or box-shadow
 * draws a ring, on the element, on its ::before/::after, or on a box around it styled with :focus-within (a
 * 0-width or transparent outline, or `outline: none` with no ring, would hide where the user is).
 * Returns a short description of the focused element for the caller's messages.
 */
export async function expectFocusVisible(page: Page, where = ''): Promise<string> {
  const seen = await page.evaluate(() => {
    const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    // A box-shadow counts when it has a colour of its own: the white halo that goes with the ring is no ring alone.
    const shadowColours = (shadow: string) => shadow.match(/rgba?\([^)]*\)/g) ?? [];
    const draws = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor)) ||
      shadowColours(style.boxShadow).some(
        (colour) => !transparent(colour) && !/^rgba?\(255, 255, 255(, 1)?\)$/.test(colour),
      );
    /** Whether a stylesheet rule on :focus-within (or :focus-visible inside) gives `element` a ring: a design choice, not a shadow it always has. */
    const ringRuleFor = (element: Element) => {
      // Style rules, with those inside @media and @supports (and nested ones: a style rule has cssRules of its own).
      const rules = (list: CSSRuleList): CSSRule[] =>
        Array.from(list).flatMap((rule) => [
          ...(rule instanceof CSSStyleRule ? [rule] : []),
          ...('cssRules' in rule ? rules((rule as CSSGroupingRule).cssRules) : []),
        ]);
      return Array.from(document.styleSheets).some((sheet) => {
        let list: CSSRuleList;
        try {
          list = sheet.cssRules;
        } catch {
          return false;
        }
        return rules(list).some((rule) => {
          if (!(rule instanceof CSSStyleRule) || !/:focus-within|:has\([^)]*:focus-visible\)/.test(rule.selectorText))
            return false;
          if (!rule.style.outline && !rule.style.outlineStyle && !rule.style.boxShadow) return false;
          try {
            return element.matches(rule.selectorText);
          } catch {
            return false;
          }
        });
      });
    };
    // The focus may sit inside a shadow root: follow activeElement to its deepest owner.
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    // The ring is drawn by the control itself, by a pseudo-element of it (a link that covers a whole card), or by
    // the box around it (a search field inside its pill).
    let drawnBy: string | null = null;
    if (draws(style)) drawnBy = 'itself';
    else if (draws(getComputedStyle(element, '::after')) || draws(getComputedStyle(element, '::before')))
      drawnBy = 'its pseudo-element';
    else {
      let ancestor = element.parentElement;
      for (let level = 0; level < 4 && ancestor && !drawnBy; level += 1, ancestor = ancestor.parentElement) {
        if (ancestor.matches(':focus-within') && draws(getComputedStyle(ancestor)) && ringRuleFor(ancestor))
          drawnBy = 'its box';
      }
    }
    // Roughly the accessible name: enough to say in a message which control had the focus.
    const labelled = element
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const ownLabel =
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
        ? element.labels?.[0]?.textContent
        : null;
    const label = (element.getAttribute('aria-label') || labelled || ownLabel || element.textContent || '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return {
      what: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label}"`,
      focusVisible: element.matches(':focus-visible'),
      drawnBy,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
    };
  });
  expect(seen, `nothing has the focus${where ? ` (${where})` : ''}`).not.toBeNull();
  expect(
    seen!.focusVisible && seen!.drawnBy !== null,
    `the focus on ${seen!.what}${where ? ` (${where})` : ''} is not visible: outline ${seen!.outline}, box-shadow ${seen!.boxShadow}`,
  ).toBe(true);
  return seen!.what;
}

/**
 * Presses Tab until `target` has the focus, checking at every stop that the focus is visible; fails when `target` is
 * not reached within `limit` presses (a control the keyboard cannot reach). Returns the stops passed through.
 */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    // Past the last control the focus leaves the page for the browser's own controls, and the next Tab comes back to
    // the first: one such stop is the browser's, two in a row would be a page that lost the focus.
    const outside = await page.evaluate(
      () => document.activeElement === null || document.activeElement === document.body,
    );
    if (outside && stops.at(-1) !== '(outside the page)') {
      stops.push('(outside the page)');
      continue;
    }
    stops.push(await expectFocusVisible(page, `Tab stop ${press + 1}`));
    if (
      await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))
    )
      return stops;
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses; it went through:\n  ${stops.join('\n  ')}`);
}
