/**
 * A small PNG reader for the social-card tests: 8-bit greyscale, RGB or RGBA,
 * not interlaced, with any of the five row filters. Enough to look at the
 * pixels of a card without adding an image library.
 */
import {inflateSync} from 'node:zlib';

export type Png = {width: number; height: number; channels: number; pixels: Buffer};

const CHANNELS: Record<number, number> = {0: 1, 2: 3, 4: 2, 6: 4};

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(bytes: Buffer): Png {
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || body[12] !== 0) {
        throw new Error(
          `unsupported PNG: depth ${depth}, colour type ${body[9]}, interlace ${body[12]}`,
        );
      }
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[row + x] ?? 0;
      const a = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? a
            : filter === 2
              ? b
              : filter === 3
                ? (a + b) >> 1
                : filter === 4
                  ? paeth(a, b, c)
                  : Number.NaN;
      if (Number.isNaN(predicted)) throw new Error(`bad PNG row filter ${filter} in row ${y}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return {width, height, channels, pixels};
}

/**
 * How many pixels in rows [top, bottom) differ from the colour of the band's
 * first pixel (the card's background): the ink of whatever is drawn there.
 */
export function inkInRows(png: Png, top: number, bottom: number): number {
  const {width, channels, pixels} = png;
  const background = pixels.subarray(top * width * channels, top * width * channels + channels);
  let ink = 0;
  for (let y = top; y < bottom; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      if (!pixels.subarray(at, at + channels).equals(background)) ink += 1;
    }
  }
  return ink;
}
