import { describe, expect, it } from "vitest";
import { cleanPastedHtml, plainTextAsHtml } from "./paste-html.ts";

/** The site the editor runs on. */
const ORIGIN = "https://inkwell.example";

/** What Word puts on the clipboard, trimmed to one italic word in two paragraphs. */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8">
<style><!-- p.MsoNormal {margin:0cm; font-size:12.0pt; font-family:"Calibri",sans-serif;} --></style>
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]-->
</head><body lang=EN-GB><!--StartFragment-->
<p class=MsoNormal><span style='font-size:14.0pt;font-family:"Times New Roman"'>The lamp was
<i>never</i> lit.<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><![if !supportLists]><span>·</span><![endif]>
<span style='color:red;mso-bidi-font-style:italic'>Second</span> <b>bold</b> line.</p>
<!--EndFragment--></body></html>`;

/** Google Docs: everything inside a normal-weight <b>, italics as inline styles. */
const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b">' +
  '<p dir="ltr" style="line-height:1.38;margin-top:0pt"><span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:400;font-style:normal;">She said </span>' +
  '<span style="font-size:11pt;font-family:Arial;font-weight:400;font-style:italic;">nothing</span>' +
  '<span style="font-size:11pt;font-weight:700;font-style:normal;"> at all.</span></p>' +
  '<br><p dir="ltr"><span style="text-decoration:underline;font-style:italic">Both</span></p></b>' +
  '<br class="Apple-interchange-newline">';

describe("cleanPastedHtml", () => {
  it("keeps Word's paragraphs and italics and drops its styles, XML and empty lines", () => {
    expect(cleanPastedHtml(WORD, ORIGIN)).toBe(
      "<p>The lamp was <em>never</em> lit.</p><p>· Second <strong>bold</strong> line.</p>",
    );
  });

  it("reads Google Docs' inline styles: italic, bold and underline, not its normal-weight <b>", () => {
    expect(cleanPastedHtml(GOOGLE_DOCS, ORIGIN)).toBe(
      "<p>She said <em>nothing</em><strong> at all.</strong></p><p><em><u>Both</u></em></p>",
    );
  });

  it("joins one pasted run into the current paragraph, without a <p>", () => {
    expect(cleanPastedHtml('<span style="font-style:italic">just this</span>', ORIGIN)).toBe(
      "<em>just this</em>",
    );
    expect(cleanPastedHtml('<i>a</i><span class="x"> and b</span>', ORIGIN)).toBe(
      "<em>a</em> and b",
    );
  });

  it("never lets text open a tag, and leaves out scripts and links", () => {
    expect(
      cleanPastedHtml(
        '<p>1 &lt; 2 <a href="https://x.example">link</a></p><script>x()</script>',
        ORIGIN,
      ),
    ).toBe("1 &lt; 2 link");
    expect(cleanPastedHtml("<p>a</p><p>b <img src=x onerror=alert(1)></p>", ORIGIN)).toBe(
      "<p>a</p><p>b</p>",
    );
  });

  it("keeps a copied part's headings and the site's own pictures, not other sites'", () => {
    // What Chromium gives a paste of 'Copy my version': a meta first, paths made addresses.
    const copied =
      '<meta charset="utf-8"><h2 data-p-id="a1">The crossing</h2>' +
      '<p data-p-id="a2" data-align="center"><img src="https://inkwell.example/media/images/7-ab.webp" alt="A &quot;blue&quot; square"></p>' +
      '<h3 data-p-id="a3">At <em>dawn</em></h3><p data-p-id="a4">Words <img src="/media/images/8-cd.webp"></p>' +
      '<p><img src="https://elsewhere.example/media/images/7-ab.webp" alt="Theirs"></p>' +
      '<p><img src="//elsewhere.example/x.png" alt="Theirs too"></p><h1>Title</h1><h4>Minor</h4>';
    expect(cleanPastedHtml(copied, ORIGIN)).toBe(
      '<h2>The crossing</h2><p><img src="/media/images/7-ab.webp" alt="A &quot;blue&quot; square"></p>' +
        '<h3>At <em>dawn</em></h3><p>Words <img src="/media/images/8-cd.webp" alt=""></p>' +
        "<p>Title</p><p>Minor</p>",
    );
    // A heading alone stays a heading; a picture alone joins the paragraph it lands in.
    expect(cleanPastedHtml("<h3>Only this</h3>", ORIGIN)).toBe("<h3>Only this</h3>");
    expect(cleanPastedHtml('<img src="/media/images/9.webp" alt="x">', ORIGIN)).toBe(
      '<img src="/media/images/9.webp" alt="x">',
    );
  });
});

describe("plainTextAsHtml", () => {
  it("makes each line a paragraph and escapes the text", () => {
    expect(plainTextAsHtml("One & two\n\n<three>\r\n")).toBe(
      "<p>One &amp; two</p><p>&lt;three&gt;</p>",
    );
    expect(plainTextAsHtml("single line")).toBe("single line");
  });
});
