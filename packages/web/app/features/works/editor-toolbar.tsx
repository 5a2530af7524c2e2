import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Minus,
  Underline,
} from "lucide";
import type { RefObject } from "react";
import { Icon, type IconNode } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useRovingToolbar } from "../../lib/use-roving-toolbar.ts";
import {
  type Alignment,
  alignBlocks,
  type Formats,
  restoreRange,
  selectionFor,
  toggleBlock,
} from "./editor-commands.ts";

interface Tool {
  label: string;
  icon: IconNode;
  /** Pressed when the caret's text has this format; undefined for plain actions. */
  pressed?: (formats: Formats) => boolean;
  run: (editor: HTMLElement) => void;
}

const inline = (command: "bold" | "italic" | "underline", label: string, icon: IconNode) => ({
  label,
  icon,
  pressed: (formats: Formats) => formats[command],
  run: () => document.execCommand(command),
});

const block = (tag: "h2" | "h3", label: string, icon: IconNode) => ({
  label,
  icon,
  pressed: (formats: Formats) => formats.block === tag,
  run: (editor: HTMLElement) => toggleBlock(editor, tag),
});

const align = (alignment: Alignment, label: string, icon: IconNode) => ({
  label,
  icon,
  pressed: (formats: Formats) => formats.align === alignment,
  run: (editor: HTMLElement) => alignBlocks(editor, alignment),
});

const TOOLS: Tool[] = [
  inline("bold", t.works.editor.bold, Bold),
  inline("italic", t.works.editor.italic, Italic),
  inline("underline", t.works.editor.underline, Underline),
  block("h2", t.works.editor.heading, Heading2),
  block("h3", t.writing.subheading, Heading3),
  align("left", t.writing.alignLeft, AlignLeft),
  align("center", t.writing.alignCenter, AlignCenter),
  align("right", t.writing.alignRight, AlignRight),
  {
    label: t.works.editor.divider,
    icon: Minus,
    run: () => document.execCommand("insertHorizontalRule"),
  },
];

interface EditorToolbarProps {
  editor: RefObject<HTMLDivElement | null>;
  /** The writer's last selection in the text, which the tools work on. */
  selection: RefObject<Range | null>;
  formats: Formats;
  onChange: () => void;
  /** Opens the picture dialog; the button, for focus to come back to. */
  onImage: (opener: HTMLButtonElement) => void;
}

/**
 * Bold, italic, underline, headings, alignment, images and dividers for the part editor: one
 * Tab stop, its tools a press of an arrow key apart.
 */
export function EditorToolbar({
  editor,
  selection,
  formats,
  onChange,
  onImage,
}: EditorToolbarProps) {
  const { toolbar, tabIndexOf } = useRovingToolbar();
  const button = (
    index: number,
    key: string,
    label: string,
    icon: IconNode,
    onClick: (button: HTMLButtonElement) => void,
    pressed?: boolean,
  ) => (
    <ScriptButton
      key={key}
      tabIndex={tabIndexOf(index)}
      className="button part-editor__tool"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      // The editor keeps its selection while a tool is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => onClick(event.currentTarget)}
    >
      <Icon of={icon} aria-hidden="true" size={18} />
    </ScriptButton>
  );
  return (
    <div
      className="part-editor__toolbar"
      role="toolbar"
      aria-label={t.works.editor.toolbar}
      {...toolbar}
    >
      {TOOLS.map((tool, index) =>
        button(
          index,
          tool.label,
          tool.label,
          tool.icon,
          () => {
            const element = editor.current;
            if (!element) return;
            restoreRange(element, selectionFor(element, selection.current));
            tool.run(element);
            onChange();
          },
          tool.pressed?.(formats),
        ),
      )}
      {button(TOOLS.length, "image", t.writing.image, ImagePlus, onImage)}
    </div>
  );
}
