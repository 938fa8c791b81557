import type * as React from 'react';

/**
 * The small part of Markdown the legal texts use: headings (#, ##, ###), paragraphs, lists
 * (- item), **bold** and [links](…). Rendered as React elements, never as HTML, so an
 * operator's text cannot inject markup; links go only to http(s), mailto, tel or this site.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  return <div className={className}>{blocks.map((block, i) => renderBlock(block, i))}</div>;
}

function renderBlock(block: string, key: number): React.ReactNode {
  const heading = /^(#{1,3})\s+(.*)$/.exec(block);
  if (heading && !block.includes('\n')) {
    const text = inline(heading[2]!);
    if (heading[1]!.length === 1) return <h1 key={key} className="text-2xl font-semibold tracking-tight">{text}</h1>;
    if (heading[1]!.length === 2) return <h2 key={key} className="mt-4 text-lg font-semibold">{text}</h2>;
    return <h3 key={key} className="mt-2 font-semibold">{text}</h3>;
  }
  const lines = block.split('\n');
  if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
    return (
      <ul key={key} className="list-disc space-y-1 ps-6">
        {lines.map((l, i) => <li key={i}>{inline(l.replace(/^\s*[-*]\s+/, ''))}</li>)}
      </ul>
    );
  }
  return <p key={key}>{inline(lines.join(' '))}</p>;
}

const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i;

/** **bold** and [text](href) inside one block. */
function inline(text: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={m.index}>{m[1]}</strong>);
    else if (SAFE_HREF.test(m[3]!)) {
      out.push(
        <a key={m.index} href={m[3]} className="font-medium underline underline-offset-4">
          {m[2]}
        </a>,
      );
    } else out.push(m[2]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
