import type { ContentBlock } from "../../modules/content/blocks";

/** Stored content as headings, paragraphs and lists (no HTML from the database is ever injected). */
export function ContentBody({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="flex max-w-3xl flex-col gap-4 leading-relaxed">
      {blocks.map((block, index) => {
        if (block.type === "heading") {
          return (
            <h2 key={index} className="mt-2 text-xl font-bold">
              {block.text}
            </h2>
          );
        }
        if (block.type === "list") {
          return (
            <ul key={index} className="list-disc pl-6">
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </div>
  );
}
