import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TagChips } from "./tag-chips.tsx";

const tag = (name: string) => ({ name, url: `/stories/${name}` });

describe("TagChips", () => {
  it("shows short tags before '+N more' and keeps a long one for after it (reader.md §9)", () => {
    const html = renderToStaticMarkup(
      <TagChips
        storyId={1}
        tags={[tag("enemies-to-lovers-slowburn"), tag("romance"), tag("ya"), tag("fantasy")]}
      />,
    );
    // Every tag, in the order shown: the first two on a phone, the third from desktop widths.
    const chips = [
      ...html.matchAll(/<li( class="([^"]*)")?><a class="tag" href="[^"]*">([^<]*)</g),
    ];
    expect(chips.map((chip) => [chip[3], chip[2] ?? "shown"])).toEqual([
      ["romance", "shown"],
      ["ya", "shown"],
      ["fantasy", "tag-list__desktop"],
      ["enemies-to-lovers-slowburn", "tag-list__hidden"],
    ]);
    expect(html).toContain("+2 more");
  });
});
