import './message-icon.css';

export type MessageIconName = 'success' | 'fail' | 'info' | 'warn' | 'process' | 'close';

const CIRCLE = 'M1.75 10a8.25 8.25 0 1 0 16.5 0a8.25 8.25 0 1 0-16.5 0';

// Outline glyphs in currentColor on a 20 × 20 grid: one colour works on the dark toast and the light
// notification alike. None of them points a way, so nothing mirrors in right-to-left.
const PATHS: Record<MessageIconName, string> = {
  success: `${CIRCLE}M6.5 10.3l2.4 2.4 4.6-5`,
  fail: `${CIRCLE}M7.2 7.2l5.6 5.6M12.8 7.2l-5.6 5.6`,
  info: `${CIRCLE}M10 9v5.2M10 5.9v.1`,
  warn: 'M10 2.2l8.6 15.1H1.4zM10 8v4.3M10 14.6v.1',
  process: 'M10 1.75a8.25 8.25 0 0 1 8.25 8.25',
  close: 'M5 5l10 10M15 5 5 15',
};

/** The kind glyph of a toast or notification (spec §9; the process one spins) and the close cross. */
export function MessageIcon({ name }: { name: MessageIconName }) {
  return (
    <svg
      className={`message-icon message-icon--${name}`}
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      {name === 'process' ? <path d={CIRCLE} opacity="0.3" /> : null}
      <path d={PATHS[name]} />
    </svg>
  );
}
