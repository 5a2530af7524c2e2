export function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3c5 6 8 11 8 16a8 8 0 0 1-16 0c0-5 3-10 8-16z" />
      <path className="logo__nib" d="M16 14v9" />
    </svg>
  );
}
