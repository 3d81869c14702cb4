import type { Metadata } from "next";
import { CreateUserForm } from "@/components/settings/create-user-form";
import { UserActions } from "@/components/settings/user-actions";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS, ROLE_LABELS } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/guards";
import { listUsers } from "@/lib/server/auth/manage-users";
import { findLockedEmails } from "@/lib/server/auth/unlock-sign-ins";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requireUser(ACCESS.administer);
  const users = await listUsers();
  const locked = await findLockedEmails(users.map((user) => user.email));
  return (
    <>
      <PageHeader title="Users" description="Admins do everything; raters see only the rating queue; viewers read dashboards and reports." />
      <section className="card section">
        <h2>Add a user</h2>
        <CreateUserForm />
      </section>
      <section className="section">
        <h2>
          {users.length} user{users.length === 1 ? "" : "s"}
        </h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <div className="strong">{user.name}</div>
                    <div className="muted">{user.email}</div>
                  </td>
                  <td>
                    <Badge tone={user.role === "admin" ? "accent" : "neutral"}>{ROLE_LABELS[user.role]}</Badge>
                  </td>
                  <td>
                    {!user.isActive ? (
                      <Badge tone="danger">Deactivated</Badge>
                    ) : !user.passwordHash ? (
                      <Badge tone="warning">Invited</Badge>
                    ) : user.mustChangePassword ? (
                      <Badge tone="warning">One-time password</Badge>
                    ) : (
                      <Badge tone="success">Active</Badge>
                    )}
                    {locked.has(user.email) ? (
                      <>
                        {" "}
                        <Badge tone="danger">Sign-in locked</Badge>
                      </>
                    ) : null}
                  </td>
                  <td>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : <span className="muted">never</span>}</td>
                  <td>
                    <UserActions userId={user.id} email={user.email} role={user.role} isActive={user.isActive} isSelf={user.id === me.id} isLocked={locked.has(user.email)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
