/**
 * The test faces (issue 19 "Faces"; docs/checks.md names them): public-domain or CC0 photographs from
 * Debian's python3-skimage data folder, committed under test/fixtures/faces/ (README.md there gives the
 * source and licence), and the images the tests derive from them.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/faces/${name}`, import.meta.url));

/** NASA's portrait of astronaut Eileen Collins (public domain), 512 × 512. */
export const astronaut = () => fixture('astronaut.png');
/** "Cameraman", CC0 by the photographer Lav Varshney, 512 × 512 greyscale: another person. */
export const cameraman = () => fixture('camera.png');

/** The astronaut's head and shoulders, as a portrait cut for a document (3:4). */
export const astronautPortrait = () =>
  sharp(astronaut()).extract({ left: 120, top: 10, width: 210, height: 280 }).png().toBuffer();

/**
 * The cameraman's head and shoulders as a portrait cut (3:4): a second person for tests that must not
 * meet the astronaut's face on another account of the same server (duplicate_face).
 */
export const cameramanPortrait = () =>
  sharp(cameraman()).extract({ left: 150, top: 70, width: 160, height: 213 }).png().toBuffer();

/** A selfie-sized photo from a fixture: enlarged to 800 px, optionally mirrored, brightened or recompressed. */
export async function selfieFrom(
  image: Buffer,
  options: { mirror?: boolean; brightness?: number; jpegQuality?: number; rotate?: number } = {},
): Promise<Buffer> {
  let s = sharp(image).resize(800, 800);
  if (options.mirror) s = s.flop();
  if (options.rotate) s = s.rotate(options.rotate, { background: '#808080' });
  if (options.brightness) s = s.modulate({ brightness: options.brightness });
  return s.jpeg({ quality: options.jpegQuality ?? 90 }).toBuffer();
}
