// Makes the e-mail logo's SVG source (src/modules/templates/email-logo-svg.ts) from the public site's
// logo (public-site/src/components/Logo.tsx): the mark, and the wordmark in Figtree ExtraBold turned
// into paths by satori, so the server renders it with sharp without any font installed.
// Run again only when the logo changes: node scripts/email-logo-svg.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'public-site/package.json'));
// satori and Figtree are the public site's build dependencies (its Open Graph images), hoisted to the root.
const { default: satori } = await import('satori');
const font = readFileSync(path.join(path.dirname(require.resolve('@fontsource/figtree/package.json')), 'files/figtree-latin-800-normal.woff'));

const WIDTH = 264;
const HEIGHT = 40;
const h = (type, style, children) => ({ type, props: { style, children } });
const mark = {
  type: 'svg',
  props: {
    viewBox: '0 0 64 64',
    width: 40,
    height: 40,
    children: [
      { type: 'rect', props: { width: 64, height: 64, rx: 14, fill: '#0b3b66' } },
      { type: 'path', props: { d: 'M14 38h12a6 6 0 0 0 6-6v-4a6 6 0 0 1 6-6h12', fill: 'none', stroke: '#f97316', strokeWidth: 8, strokeLinecap: 'round' } },
      { type: 'circle', props: { cx: 14, cy: 38, r: 4, fill: '#fff' } },
      { type: 'circle', props: { cx: 50, cy: 22, r: 4, fill: '#fff' } },
    ],
  },
};
const svg = await satori(
  h(
    'div',
    { display: 'flex', alignItems: 'center', width: WIDTH, height: HEIGHT, background: '#ffffff', fontFamily: 'Figtree', fontWeight: 800, fontSize: 19 },
    [mark, h('div', { display: 'flex', marginLeft: 10, color: '#0f172a' }, ['Pipe Relining', h('span', { color: '#c2410c', marginLeft: 5 }, 'Australia')])],
  ),
  { width: WIDTH, height: HEIGHT, fonts: [{ name: 'Figtree', data: font, weight: 800, style: 'normal' }] },
);
const file = `/**
 * The e-mail logo's source: the public site's logo (mark and wordmark, public-site/src/components/Logo.tsx)
 * with the wordmark as paths, so rendering it needs no font. Made by scripts/email-logo-svg.mjs.
 */
export const EMAIL_LOGO_SVG = ${JSON.stringify(svg)};

/** Its size in CSS pixels (the PNG is rendered at twice this for sharp screens). */
export const EMAIL_LOGO_SIZE = { width: ${WIDTH}, height: ${HEIGHT} } as const;
`;
writeFileSync(path.join(root, 'src/modules/templates/email-logo-svg.ts'), file);
console.log(`${svg.length} characters`);
