import { encode } from 'uqr';

/**
 * A QR code drawn in the browser from `text` (D70: the `uqr` package, no request leaves the page): one
 * SVG path of the dark modules, with the quiet zone of four modules scanners need. The image is named
 * by `label`; the text it holds is also given on the page (the setup key), so nothing is image-only.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="authenticator__qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
