import { avatarSources } from "@inkwell/shared";

interface AvatarProps {
  src: string | null;
  name: string;
  size: 24 | 32 | 42 | 64 | 128;
}

// A stable hue per name, so a user without a picture is still recognisable.
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

export function Avatar({ src, name, size }: AvatarProps) {
  if (src) {
    return (
      <img className="avatar" {...avatarSources(src, size)} alt="" width={size} height={size} />
    );
  }
  const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        backgroundColor: `hsl(${hueOf(name)} 45% 42%)`,
      }}
    >
      {initial}
    </span>
  );
}
