"use client";

import { useActionState, type ReactNode } from "react";
import {
  activateUserAction,
  deactivateUserAction,
  resetPasswordAction,
  setRoleAction,
  signOutEverywhereAction,
  unlockUserAction,
} from "@/app/settings/users/actions";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/access";
import type { ActionState } from "@/lib/server/auth/guards";
import { OneTimeSecret } from "./one-time-secret";

type Props = { userId: number; email: string; role: Role; isActive: boolean; isSelf: boolean; isLocked: boolean };

function Outcome({ state }: { state: ActionState<unknown> }) {
  if (state.status === "error") return <p className="field-error" role="alert">{state.error}</p>;
  if (state.status === "ok" && state.message) return <p className="field-hint" role="status">{state.message}</p>;
  return null;
}

/** One small form acting on one user. */
function UserForm({ action, userId, children }: { action: (formData: FormData) => void; userId: number; children: ReactNode }) {
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="userId" value={userId} />
      {children}
    </form>
  );
}

/** The admin's controls on one user row; every one is checked again on the server. */
export function UserActions({ userId, email, role, isActive, isSelf, isLocked }: Props) {
  const [roleState, changeRole] = useActionState(setRoleAction, { status: "idle" });
  const [activeState, toggleActive] = useActionState(isActive ? deactivateUserAction : activateUserAction, { status: "idle" });
  const [resetState, reset] = useActionState<ActionState<string>, FormData>(resetPasswordAction, { status: "idle" });
  const [sessionsState, signOut] = useActionState(signOutEverywhereAction, { status: "idle" });
  const [unlockState, unlock] = useActionState(unlockUserAction, { status: "idle" });
  return (
    <div className="row-actions">
      <UserForm action={changeRole} userId={userId}>
        <label className="visually-hidden" htmlFor={`role-${userId}`}>
          Role of {email}
        </label>
        <select id={`role-${userId}`} name="role" defaultValue={role}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-secondary button-small">
          Set role
        </button>
      </UserForm>
      <UserForm action={reset} userId={userId}>
        <button type="submit" className="button button-secondary button-small">
          Reset password
        </button>
      </UserForm>
      <UserForm action={signOut} userId={userId}>
        <button type="submit" className="button button-secondary button-small">
          Sign out everywhere
        </button>
      </UserForm>
      {isLocked ? (
        <UserForm action={unlock} userId={userId}>
          <button type="submit" className="button button-secondary button-small" aria-label={`Unlock sign-in of ${email}`}>
            Unlock sign-in
          </button>
        </UserForm>
      ) : null}
      {isSelf ? null : (
        <UserForm action={toggleActive} userId={userId}>
          <button type="submit" className={`button button-small ${isActive ? "button-danger" : "button-secondary"}`}>
            {isActive ? "Deactivate" : "Activate"}
          </button>
        </UserForm>
      )}
      <Outcome state={roleState} />
      <Outcome state={activeState} />
      <Outcome state={sessionsState} />
      <Outcome state={unlockState} />
      {resetState.status === "ok" && resetState.data ? (
        <OneTimeSecret label={`New one-time password for ${email}`} secret={resetState.data} note="Shown only now; it must be changed at the next sign-in." />
      ) : (
        <Outcome state={resetState} />
      )}
    </div>
  );
}
