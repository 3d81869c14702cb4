import type { ReactNode } from "react";

/** The panel shown where there is nothing yet, saying what will be here and how to get it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <h2>{title}</h2>
      {children ? <div className="empty-state-body">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </section>
  );
}
