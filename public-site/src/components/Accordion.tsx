import { useId, useState } from 'react';

export interface AccordionItem {
  question: string;
  answer: string;
}

/** FAQ accordion (spec §4): one item open at a time, and the open one can be closed. */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.question} className="accordion__item">
            <h3 className="accordion__heading">
              <button
                type="button"
                className="accordion__trigger"
                aria-expanded={expanded}
                aria-controls={`${id}-${index}`}
                id={`${id}-${index}-trigger`}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="accordion__icon">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </h3>
            <div id={`${id}-${index}`} role="region" aria-labelledby={`${id}-${index}-trigger`} hidden={!expanded} className="accordion__panel">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
