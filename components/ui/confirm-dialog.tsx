"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./confirm-dialog.module.css";

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  onCancel: () => void;
  /** What will change, then the actions (the confirming one is usually a form's submit button). */
  children: ReactNode;
};

/**
 * A modal question before a wide or destructive action: the browser's own <dialog>, so focus
 * stays inside, Escape cancels and the rest of the page is inert while it is open.
 */
export function ConfirmDialog({ isOpen, title, onCancel, children }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
