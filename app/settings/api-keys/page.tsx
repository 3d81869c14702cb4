import type { Metadata } from "next";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form";
import { RevokeApiKeyButton } from "@/components/settings/revoke-api-key-button";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { listApiKeys } from "@/lib/server/auth/api-keys";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  await requireUser(ACCESS.administer);
  const keys = await listApiKeys();
  const now = new Date();
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            For scripts and CI: <code>ingest</code> keys push sessions to <code>POST /api/v1/sessions</code>; <code>read</code> keys list sessions and read agreement figures; <code>score</code> keys let an orchestrator score responses as it writes them (<code>POST /api/v1/score</code>) and decide whether to regenerate one.
          </>
        }
      />
      <section className="card section">
        <h2>Create a key</h2>
        <CreateApiKeyForm />
      </section>
      <section className="section">
        <h2>Keys</h2>
        {keys.length === 0 ? (
          <EmptyState title="No API keys yet">
            <p>Create one above; it is shown once.</p>
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scope</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => {
                  const isExpired = key.expiresAt !== null && key.expiresAt <= now;
                  return (
                    <tr key={key.id}>
                      <td className="strong">{key.name}</td>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>
                        <Badge tone={key.scope === "ingest" ? "accent" : "neutral"}>{key.scope}</Badge>
                      </td>
                      <td>
                        {formatDateTime(key.createdAt)}
                        {key.createdBy ? <div className="muted">{key.createdBy.email}</div> : null}
                      </td>
                      <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : <span className="muted">never</span>}</td>
                      <td>{key.expiresAt ? formatDateTime(key.expiresAt) : <span className="muted">never</span>}</td>
                      <td>
                        {key.revokedAt ? <Badge tone="danger">Revoked</Badge> : isExpired ? <Badge tone="warning">Expired</Badge> : <Badge tone="success">Active</Badge>}
                      </td>
                      <td>{key.revokedAt ? null : <RevokeApiKeyButton apiKeyId={key.id} name={key.name} />}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
