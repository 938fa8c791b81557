import * as React from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain message text with every http(s) URL as a clickable link (the dev mailbox). */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className={className}>
      {parts.map((part, i) =>
        // split() with a capture group puts the URLs at the odd positions.
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-blue-700 underline underline-offset-2 break-all dark:text-blue-400" data-qa="mailbox-link">
            {part}
          </a>
        ) : (
          <React.Fragment key={i}>{part}</React.Fragment>
        ),
      )}
    </p>
  );
}
