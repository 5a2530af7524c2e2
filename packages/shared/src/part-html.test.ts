import { describe, expect, it } from "vitest";
import {
  paragraphIds,
  partHasContent,
  partPlainText,
  partWordCount,
  sanitizePartHtml,
} from "./part-html.ts";

/** Ids n1, n2, … in the order paragraphs need them. */
function ids() {
  let next = 0;
  return { newId: () => `n${++next}` };
}

const clean = (html: string) => sanitizePartHtml(html, ids());

describe("sanitizePartHtml", () => {
  it("keeps the allowed elements and gives every paragraph an id", () => {
    expect(
      clean("<p>One <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u><br>two</p><hr>"),
    ).toBe(
      '<p data-p-id="n1">One <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u><br>two</p><hr>',
    );
    expect(clean("<h2>Title</h2><h3>Sub</h3><blockquote><p>Quoted</p></blockquote>")).toBe(
      '<h2 data-p-id="n1">Title</h2><h3 data-p-id="n2">Sub</h3>' +
        '<blockquote data-p-id="n3"><p data-p-id="n4">Quoted</p></blockquote>',
    );
  });

  it("strips scripts, handlers, links and unknown elements, keeping their text", () => {
    expect(
      clean(
        '<p onclick="x()" style="color:red">Hi <a href="javascript:x()">there</a>' +
          "<script>alert(1)</script><span>!</span></p><style>p{}</style><iframe src=x></iframe>",
      ),
    ).toBe('<p data-p-id="n1">Hi there!</p>');
    expect(clean("<p>a<!-- note -->b</p><svg><text>no</text></svg>")).toBe(
      '<p data-p-id="n1">ab</p>',
    );
  });

  it("keeps only http(s) and same-site image sources", () => {
    expect(clean('<p><img src="https://img.example/a.png" alt="A" onerror="x()"></p>')).toBe(
      '<p data-p-id="n1"><img src="https://img.example/a.png" alt="A"></p>',
    );
    expect(clean('<p><img src="/media/a.png"></p>')).toBe(
      '<p data-p-id="n1"><img src="/media/a.png" alt=""></p>',
    );
    for (const src of ["javascript:alert(1)", "data:image/png;base64,AAA", "//evil.example/a"]) {
      expect(clean(`<p>x<img src="${src}"></p>`)).toBe('<p data-p-id="n1">x</p>');
    }
  });

  it("keeps alignment as data-align, from the attribute or an inline style", () => {
    expect(clean('<p data-align="center">a</p><p style="text-align: right">b</p>')).toBe(
      '<p data-p-id="n1" data-align="center">a</p><p data-p-id="n2" data-align="right">b</p>',
    );
    expect(clean('<p data-align="sideways">a</p>')).toBe('<p data-p-id="n1">a</p>');
  });

  it("wraps loose text and divs in paragraphs and closes what was left open", () => {
    expect(clean("Loose <em>text</em><div>Div</div>")).toBe(
      '<p data-p-id="n1">Loose <em>text</em></p><p data-p-id="n2">Div</p>',
    );
    expect(clean("<p>open <strong>bold<p>next")).toBe(
      '<p data-p-id="n1">open <strong>bold</strong></p><p data-p-id="n2">next</p>',
    );
  });

  it("never lets text open a tag", () => {
    expect(clean("<p>1 < 2 & 3 > 2 &amp; <not a tag</p>")).toBe(
      '<p data-p-id="n1">1 &lt; 2 &amp; 3 &gt; 2 &amp; &lt;not a tag</p>',
    );
    expect(clean('<p data-p-id="x&quot;><script>">a</p>')).toBe('<p data-p-id="n1">a</p>');
  });

  it("keeps existing paragraph ids across edits and gives new paragraphs new ones", () => {
    const first = clean("<p>One</p><p>Two</p>");
    expect(first).toBe('<p data-p-id="n1">One</p><p data-p-id="n2">Two</p>');
    // The writer inserts a paragraph between them and edits the second.
    const edited = first.replace("</p><p", "</p><p>Inserted</p><p").replace("Two", "Two, edited");
    expect(sanitizePartHtml(edited, { newId: () => "new" })).toBe(
      '<p data-p-id="n1">One</p><p data-p-id="new">Inserted</p><p data-p-id="n2">Two, edited</p>',
    );
  });

  it("gives a repeated id (a split paragraph) a new one, the first keeping it", () => {
    expect(clean('<p data-p-id="k1">First half</p><p data-p-id="k1">second half</p>')).toBe(
      '<p data-p-id="k1">First half</p><p data-p-id="n1">second half</p>',
    );
  });

  it("never hands out an id already in the part", () => {
    const taken = ["n1", "n1", "n2"];
    const newId = () => taken.shift() ?? "n3";
    expect(sanitizePartHtml('<p data-p-id="n1">a</p><p>b</p>', { newId })).toBe(
      '<p data-p-id="n1">a</p><p data-p-id="n2">b</p>',
    );
  });
});

describe("partWordCount", () => {
  it("counts the words of the text, not the markup", () => {
    expect(partWordCount('<p data-p-id="a">It’s a <em>fine</em> day&nbsp;today.</p><hr>')).toBe(5);
    expect(partWordCount("")).toBe(0);
  });
});

describe("partHasContent", () => {
  it("is true for a part with a word or a picture", () => {
    expect(partHasContent('<p data-p-id="a">Dawn.</p>')).toBe(true);
    expect(partHasContent('<p data-p-id="a"><img src="/media/images/1-abc.webp" alt=""></p>')).toBe(
      true,
    );
  });

  it("is false for no text, blank paragraphs, whitespace, punctuation, a rule or a picture with no source", () => {
    expect(partHasContent("")).toBe(false);
    expect(partHasContent("   \n ")).toBe(false);
    expect(partHasContent('<p data-p-id="a"> </p><p data-p-id="b"><br></p><p>&nbsp;</p>')).toBe(
      false,
    );
    expect(partHasContent("<p>… — !</p><hr>")).toBe(false);
    expect(partHasContent('<p><img src="" alt="x"></p>')).toBe(false);
  });
});

describe("paragraphIds", () => {
  it("lists each paragraph's data-p-id in reading order, skipping markup without one", () => {
    const html =
      '<p data-p-id="a1">One</p><hr><h2 data-p-id="b2">Two</h2><blockquote data-p-id="c3"><p data-p-id="d4">Three</p></blockquote><p>Loose</p>';
    expect(paragraphIds(html)).toEqual(["a1", "b2", "c3", "d4"]);
    expect(paragraphIds("")).toEqual([]);
  });
});

describe("partPlainText", () => {
  it("puts each paragraph on its own line with a blank line between, keeping line breaks", () => {
    const html =
      '<p data-p-id="a">It was <b>late</b>.</p><h2>Two</h2><p>One<br>two &amp; three&nbsp;&#8212; &#x1F600;</p>';
    expect(partPlainText(html)).toBe("It was late.\n\nTwo\n\nOne\ntwo & three \u2014 \u{1F600}");
  });

  it("leaves pictures, rules and empty paragraphs out", () => {
    expect(partPlainText('<p><img src="/media/a.png" alt="x"></p><hr><p> </p><p>End</p>')).toBe(
      "End",
    );
  });
});
