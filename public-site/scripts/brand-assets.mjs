// Build step (issue 14): the favicon set and one Open Graph image per page, written into dist by
// scripts/prerender.mjs. Generated rather than committed: they follow the logo, the brand's font
// and each page's title without anyone redrawing them.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import satori from 'satori';
import pngToIco from 'png-to-ico';

const require = createRequire(import.meta.url);
// Satori reads TrueType, OpenType and WOFF, not WOFF2: the @fontsource package ships both.
const fontFile = (weight) => require.resolve(`@fontsource/figtree/files/figtree-latin-${weight}-normal.woff`);

/**
 * favicon.ico (16, 32 and 48 px, for browsers and tools that ask for /favicon.ico) and the 180 px
 * apple-touch-icon.png, both from the SVG favicon (kept as the icon modern browsers use). The touch
 * icon is square: iOS rounds its corners itself and would show the transparent ones black.
 */
export async function writeFavicons(dist, svgFile) {
  const svg = await readFile(svgFile, 'utf8');
  const png = (source, size) =>
    sharp(Buffer.from(source), { density: 72 * Math.ceil(size / 64) * 2 })
      .resize(size, size)
      .png()
      .toBuffer();
  const square = svg.replace(/ rx="[\d.]+"/, '');
  await writeFile(path.join(dist, 'apple-touch-icon.png'), await png(square, 180));
  await writeFile(path.join(dist, 'favicon.ico'), await pngToIco(await Promise.all([16, 32, 48].map((size) => png(svg, size)))));
}

const h = (type, style, children) => ({ type, props: { style, children } });

/**
 * One 1200 × 630 PNG per entry of `images` ({ path, headline }): the brand on navy with the page's
 * headline in Figtree, and the site's hero artwork (`artworkSvg`) on the right-hand side.
 */
export async function writeOgImages(dist, images, { artworkSvg, skyColour, logoSvg, siteName, tagline, phone }) {
  const [regular, heavy] = await Promise.all([readFile(fontFile(400)), readFile(fontFile(800))]);
  const fonts = [
    { name: 'Figtree', data: regular, weight: 400, style: 'normal' },
    { name: 'Figtree', data: heavy, weight: 800, style: 'normal' },
  ];
  const dataUri = (buffer, type) => `data:${type};base64,${buffer.toString('base64')}`;
  // Rasterised first: every renderer draws a PNG the same, nested SVG images less so. The whole scene,
  // standing on the bottom edge, under a sky of its own colour.
  const scene = await sharp(Buffer.from(artworkSvg), { density: 144 }).resize({ width: 560 }).png().toBuffer({ resolveWithObject: true });
  const artwork = { src: dataUri(scene.data, 'image/png'), width: scene.info.width, height: scene.info.height };
  const logo = dataUri(await sharp(Buffer.from(logoSvg), { density: 288 }).resize(72, 72).png().toBuffer(), 'image/png');

  await mkdir(path.join(dist, 'og'), { recursive: true });
  for (const image of images) {
    const size = image.headline.length > 48 ? 52 : image.headline.length > 30 ? 60 : 68;
    const tree = h(
      'div',
      { width: 1200, height: 630, display: 'flex', fontFamily: 'Figtree', backgroundImage: 'linear-gradient(135deg, #051d33, #0b3b66)', color: '#fff' },
      [
        // Satori's boxes are content-box: the padding comes on top of the width and height.
        h('div', { width: 520, height: 522, display: 'flex', flexDirection: 'column', padding: '56px 56px 52px 64px' }, [
          h('div', { display: 'flex', alignItems: 'center', gap: 18 }, [
            { type: 'img', props: { src: logo, width: 64, height: 64 } },
            h('div', { display: 'flex', fontSize: 32, fontWeight: 800 }, [siteName]),
          ]),
          h('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1, gap: 20 }, [
            h('div', { display: 'flex', width: 72, height: 8, borderRadius: 4, backgroundColor: '#f97316' }, []),
            h('div', { display: 'flex', fontSize: size, fontWeight: 800, lineHeight: 1.1, letterSpacing: -1 }, [image.headline]),
            h('div', { display: 'flex', fontSize: 28, color: '#cbd5e1' }, [tagline]),
          ]),
          h('div', { display: 'flex', flexShrink: 0, fontSize: 30, fontWeight: 800, color: '#fed7aa' }, [phone]),
        ]),
        h('div', { width: 560, height: 630, display: 'flex', alignItems: 'flex-end', backgroundColor: skyColour }, [{ type: 'img', props: artwork }]),
      ],
    );
    const svg = await satori(tree, { width: 1200, height: 630, fonts });
    const file = path.join(dist, image.path);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  }
}
