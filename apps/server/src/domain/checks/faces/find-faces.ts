/**
 * The faces in an uploaded image (issue 19 "Faces"): sharp decodes it (EXIF orientation applied,
 * reduced to 1 024 px on the long side, RGB), the face worker finds each face and its descriptor, and
 * a face's crop is cut from the same pixels for the reviewer (a small JPEG, sealed with the results).
 */
import sharp from 'sharp';
import { detectFaces, type DetectedFace } from './face-engine.ts';

/** The long side the detector sees: SSD MobileNet v1 works at 512 px; a document's portrait stays > 150 px. */
const WORKING_SIDE = 1024;
/** The crop shown to the reviewer: this tall, with this share of the face's size added around it. */
const CROP_HEIGHT = 192;
const CROP_MARGIN = 0.25;

export interface FoundFaces {
  faces: DetectedFace[];
  /** The working image's size, the boxes' frame. */
  width: number;
  height: number;
  /** A face's crop as a JPEG. */
  crop(face: DetectedFace): Promise<Buffer>;
}

export type FindFaces = (image: Buffer) => Promise<FoundFaces | null>;

/** The faces, largest first; null when the bytes are not an image sharp decodes. */
export const findFaces: FindFaces = async (image) => {
  let decoded: { data: Buffer; info: { width: number; height: number } };
  try {
    decoded = await sharp(image, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { width, height } = decoded.info;
  const faces = await detectFaces(decoded.data, width, height);
  faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  return {
    faces,
    width,
    height,
    async crop(face) {
      const margin = Math.max(face.box.width, face.box.height) * CROP_MARGIN;
      const left = Math.max(0, Math.floor(face.box.x - margin));
      const top = Math.max(0, Math.floor(face.box.y - margin));
      const right = Math.min(width, Math.ceil(face.box.x + face.box.width + margin));
      const bottom = Math.min(height, Math.ceil(face.box.y + face.box.height + margin));
      return sharp(decoded.data, { raw: { width, height, channels: 3 } })
        .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
        .resize({ height: CROP_HEIGHT })
        .jpeg({ quality: 80 })
        .toBuffer();
    },
  };
};
