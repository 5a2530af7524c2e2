import { describe, expect, it } from "vitest";
import { cleanUserText, escapeHtml, linkify } from "./text.ts";

const REL = 'rel="nofollow noopener noreferrer" target="_blank"';
const urlLink = (href: string) => `<a href="${href}" ${REL}>${href}</a>`;

describe("cleanUserText", () => {
  it("drops control characters, so that a text of only them is empty", () => {
    expect(cleanUserText("\u0000")).toBe("");
    expect(cleanUserText(" \u0000\u0007\u007f\u009f ", "many")).toBe("");
    expect(cleanUserText("a\u0000b\u001bc")).toBe("abc");
    expect(cleanUserText("été 😀 \u200b")).toBe("été 😀 \u200b");
  });

  it("keeps tabs and new lines in multi-line text, with every line end made \\n", () => {
    expect(cleanUserText("  one\r\ntwo\rthree\n\tfour\u0000  ", "many")).toBe(
      "one\ntwo\nthree\n\tfour",
    );
  });

  it("drops direction overrides and isolates, keeping right-to-left letters", () => {
    expect(cleanUserText("file\u202Etxt.exe \u2066x\u2069\u202C")).toBe("filetxt.exe x");
    expect(cleanUserText("שלום \u200f")).toBe("שלום \u200f");
  });

  it("drops half characters (lone surrogates), keeping whole ones", () => {
    expect(cleanUserText("\ud800")).toBe("");
    expect(cleanUserText("Owls\udc00 \ud83d\ude00 at\ud83d night", "many")).toBe(
      "Owls 😀 at night",
    );
  });

  it("turns tabs and line ends into spaces in one-line text", () => {
    expect(cleanUserText("The\tOrchard\r\nGate\n")).toBe("The Orchard Gate");
  });
});

describe("escapeHtml", () => {
  it("escapes &, <, >, double and single quotes", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });

  it("leaves other text alone", () => {
    expect(escapeHtml("plain text, 100% ok — é 😀")).toBe("plain text, 100% ok — é 😀");
    expect(escapeHtml("")).toBe("");
  });

  it("treats its input as text, so an entity is escaped again", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});

describe("linkify", () => {
  describe("mentions", () => {
    it("links @name to the user's page", () => {
      expect(linkify("hi @bob_99!")).toBe('hi <a href="/user/bob_99">@bob_99</a>!');
      expect(linkify("@Alice and @bob")).toBe(
        '<a href="/user/Alice">@Alice</a> and <a href="/user/bob">@bob</a>',
      );
    });

    it("ends a mention at a character a name cannot hold", () => {
      expect(linkify("@bob's story")).toBe('<a href="/user/bob">@bob</a>&#39;s story');
      expect(linkify("(@bob)")).toBe('(<a href="/user/bob">@bob</a>)');
    });

    it("does not treat an e-mail address or a lone @ as a mention", () => {
      expect(linkify("mail bob@example.com")).toBe("mail bob@example.com");
      expect(linkify("meet @ noon")).toBe("meet @ noon");
    });
  });

  describe("urls", () => {
    it("links http and https URLs in a new tab with nofollow", () => {
      expect(linkify("see https://example.com/story")).toBe(
        `see ${urlLink("https://example.com/story")}`,
      );
      expect(linkify("http://example.com")).toBe(urlLink("http://example.com"));
      expect(linkify("HTTPS://EXAMPLE.COM")).toBe(urlLink("HTTPS://EXAMPLE.COM"));
    });

    it("escapes a URL's & once, in both href and text", () => {
      expect(linkify("https://example.com/a?b=1&c=2")).toBe(
        urlLink("https://example.com/a?b=1&amp;c=2"),
      );
    });

    it("keeps a URL containing # and @ as one link", () => {
      expect(linkify("go https://example.com/@bob/story#part-2 now")).toBe(
        `go ${urlLink("https://example.com/@bob/story#part-2")} now`,
      );
    });

    it("leaves trailing sentence punctuation out of the link", () => {
      expect(linkify("see https://example.com.")).toBe(`see ${urlLink("https://example.com")}.`);
      expect(linkify("really https://example.com/x?!")).toBe(
        `really ${urlLink("https://example.com/x")}?!`,
      );
      expect(linkify("(https://example.com)")).toBe(`(${urlLink("https://example.com")})`);
    });

    it("keeps a balanced closing parenthesis in the link", () => {
      expect(linkify("(see https://en.wikipedia.org/wiki/Foo_(bar))")).toBe(
        `(see ${urlLink("https://en.wikipedia.org/wiki/Foo_(bar)")})`,
      );
    });

    it("stops a URL at quotes and angle brackets", () => {
      expect(linkify('https://x.com/"onmouseover="alert(1)')).toBe(
        `${urlLink("https://x.com/")}&quot;onmouseover=&quot;alert(1)`,
      );
      expect(linkify("<https://x.com/>")).toBe(`&lt;${urlLink("https://x.com/")}&gt;`);
    });

    it("links only http and https", () => {
      expect(linkify("javascript:alert(1) ftp://x.com www.x.com")).toBe(
        "javascript:alert(1) ftp://x.com www.x.com",
      );
    });
  });

  describe("tags", () => {
    it("links #tag to its lowercased stories page", () => {
      expect(linkify("Loving #Romance and #slow_burn")).toBe(
        'Loving <a href="/stories/romance">#Romance</a> and <a href="/stories/slow_burn">#slow_burn</a>',
      );
    });

    it("encodes non-ASCII tags in the href", () => {
      expect(linkify("#Café")).toBe('<a href="/stories/caf%C3%A9">#Café</a>');
    });

    it("does not link numbers or a # inside a word", () => {
      expect(linkify("we're #1")).toBe("we&#39;re #1");
      expect(linkify("page#2 and C#")).toBe("page#2 and C#");
    });
  });

  describe("escaping", () => {
    it("escapes everything around the links exactly once", () => {
      expect(linkify("Tom & Jerry")).toBe("Tom &amp; Jerry");
      expect(linkify("<b>@bob</b>")).toBe('&lt;b&gt;<a href="/user/bob">@bob</a>&lt;/b&gt;');
      expect(linkify('<script>alert("#x")</script>')).toBe(
        '&lt;script&gt;alert(&quot;<a href="/stories/x">#x</a>&quot;)&lt;/script&gt;',
      );
    });

    it("does not read an apostrophe's entity as a tag", () => {
      expect(linkify("it's")).toBe("it&#39;s");
    });

    it("returns an empty string for empty text", () => {
      expect(linkify("")).toBe("");
    });
  });

  describe("options", () => {
    const text = "@bob: https://x.com/@amy#top #Tag";

    it("links every kind by default", () => {
      expect(linkify(text)).toBe(
        `<a href="/user/bob">@bob</a>: ${urlLink("https://x.com/@amy#top")} <a href="/stories/tag">#Tag</a>`,
      );
    });

    it("leaves mentions plain when mentions is false", () => {
      expect(linkify(text, { mentions: false })).toBe(
        `@bob: ${urlLink("https://x.com/@amy#top")} <a href="/stories/tag">#Tag</a>`,
      );
    });

    it("leaves a URL plain, and its @ and # unlinked, when urls is false", () => {
      expect(linkify(text, { urls: false })).toBe(
        '<a href="/user/bob">@bob</a>: https://x.com/@amy#top <a href="/stories/tag">#Tag</a>',
      );
    });

    it("leaves tags plain when tags is false", () => {
      expect(linkify(text, { tags: false })).toBe(
        `<a href="/user/bob">@bob</a>: ${urlLink("https://x.com/@amy#top")} #Tag`,
      );
    });

    it("only escapes when every kind is off", () => {
      const all = `${text} & <i>`;
      expect(linkify(all, { mentions: false, urls: false, tags: false })).toBe(escapeHtml(all));
    });
  });
});
