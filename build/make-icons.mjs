// Renders every icon the packages need from the one source, build/icon.svg:
// build/icons/<N>x<N>.png (Linux, and the sources of the others), icon.icns (macOS), icon.ico
// (Windows). The output is committed; build/icons.test.ts re-renders and fails on any drift,
// so edit icon.svg and run `npm run icons`.
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const iconSource = path.join(here, 'icon.svg');
const iconsDir = path.join(here, 'icons');
/** Sizes freedesktop icon themes and the installers use; 1024 also feeds .icns/.ico. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** Renders every icon into outDir and resolves to the file names written. */
export async function renderIcons(outDir = iconsDir) {
  const svg = await readFile(iconSource);
  await mkdir(outDir, { recursive: true });
  const written = [];
  let largest;
  for (const size of PNG_SIZES) {
    // Each size is rendered from the vector, not scaled from a bitmap, so small sizes stay crisp.
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
    await writeFile(path.join(outDir, `${size}x${size}.png`), png);
    written.push(`${size}x${size}.png`);
    largest = png;
  }
  const icns = png2icons.createICNS(largest, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(largest, png2icons.BICUBIC, 0, true, true);
  if (!icns || !ico) throw new Error('png2icons could not convert the 1024 px icon');
  await writeFile(path.join(outDir, 'icon.icns'), icns);
  await writeFile(path.join(outDir, 'icon.ico'), ico);
  return [...written, 'icon.icns', 'icon.ico'];
}

// node build/make-icons.mjs [outDir]   (default build/icons)
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? iconsDir);
  const written = await renderIcons(outDir);
  console.log(`wrote ${written.length} icons to ${outDir}`);
}
