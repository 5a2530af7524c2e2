import { Heart } from "lucide";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, type IconProps } from "./icon.tsx";

describe("Icon", () => {
  it("draws a decorative icon hidden from screen readers", () => {
    expect(renderToStaticMarkup(<Icon of={Heart} size={18} />)).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path /,
    );
  });

  it("throws when given a click handler (reader.md §8)", () => {
    // As plain JavaScript would pass it: the props' type already leaves onClick out.
    const props = { of: Heart, onClick: () => undefined } as IconProps;
    expect(() => renderToStaticMarkup(createElement(Icon, props))).toThrow(
      "An icon takes no click handler: wrap it in a button",
    );
  });
});
