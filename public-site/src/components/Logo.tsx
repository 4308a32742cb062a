export function Logo() {
  return (
    <span className="logo">
      <svg aria-hidden="true" viewBox="0 0 64 64" width="36" height="36">
        <rect width="64" height="64" rx="14" fill="#0b3b66" />
        <path d="M14 38h12a6 6 0 0 0 6-6v-4a6 6 0 0 1 6-6h12" fill="none" stroke="#f97316" strokeWidth="8" strokeLinecap="round" />
        <circle cx="14" cy="38" r="4" fill="#fff" />
        <circle cx="50" cy="22" r="4" fill="#fff" />
      </svg>
      <span className="logo__text">
        Pipe Relining <span className="logo__accent">Australia</span>
      </span>
    </span>
  );
}
