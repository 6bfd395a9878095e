import './wordmark.css';

/** The product logo: an inline shield mark in the brand colour and the product name as text. */
export function Wordmark({ name }: { name: string }) {
  return (
    <span className="wordmark">
      <svg
        className="wordmark__mark"
        width="28"
        height="28"
        viewBox="0 0 28 28"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M14 2 4 6v7c0 6.1 4.3 11.3 10 13 5.7-1.7 10-6.9 10-13V6L14 2Z" fill="#f7a600" />
        <path
          d="m9.5 14.2 3.2 3.2 6-6.4"
          fill="none"
          stroke="#121214"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{name}</span>
    </span>
  );
}
