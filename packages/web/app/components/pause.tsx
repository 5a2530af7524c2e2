/**
 * A comma only a screen reader hears, ending a piece of a link's text that only style sets
 * apart from the next (a title, 'Part 2 of 15', a date), so it pauses rather than running
 * them together ('Chapter 1 6 months ago'). Put it inside the piece it ends: the browser sets
 * pieces laid out as blocks or flex items apart by a space, which would come before the comma.
 * The link's name stays its own text: what a voice-control user reads on the screen is what
 * they say to follow it (WCAG 2.5.3, Label in Name), which a separate aria-label broke
 * wherever the pieces sat side by side unspaced.
 */
export function Pause() {
  return <span className="pause">, </span>;
}
