/** An address too long for its line breaks before its "@", not inside a word. */
export function EmailAddress({ email }: { email: string | null }) {
  const at = email?.lastIndexOf("@") ?? -1;
  if (email === null || at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
