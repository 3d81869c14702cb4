import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import type { EndpointView } from "@/lib/llm-judge/endpoint.schema";
import { formatPrice } from "@/lib/cascade/format-cost";
import { DeleteEndpointButton } from "./delete-endpoint-button";
import { TestConnectionButton } from "./test-connection-button";

export function EndpointsTable({ endpoints }: { endpoints: EndpointView[] }) {
  if (endpoints.length === 0) {
    return (
      <EmptyState title="No endpoints yet">
        <p>Add one above: OpenAI, or a local Ollama, vLLM, llama.cpp or LM Studio server.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Model</th>
            <th scope="col">Base URL</th>
            <th scope="col">API key</th>
            <th scope="col">Temperature</th>
            <th scope="col">Limits</th>
            <th scope="col">Price per 1M tokens</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <td className="strong">{endpoint.name}</td>
              <td>
                <code>{endpoint.model}</code>
              </td>
              <td>
                <code>{endpoint.baseUrl}</code>
              </td>
              <td>{endpoint.hasApiKey ? <Badge tone="success">key set</Badge> : <Badge>no key</Badge>}</td>
              <td>{endpoint.temperature}</td>
              <td>
                {endpoint.maxConcurrency} at once
                <div className="muted">{endpoint.requestsPerMinute} per minute</div>
              </td>
              <td>
                {endpoint.inputPricePerMillion === null || endpoint.outputPricePerMillion === null ? (
                  <span className="muted">no prices set</span>
                ) : (
                  <>
                    {formatPrice(endpoint.inputPricePerMillion)} in
                    <div className="muted">{formatPrice(endpoint.outputPricePerMillion)} out</div>
                  </>
                )}
              </td>
              <td>
                <div className="row-actions">
                  <Link href={`/settings/judges/endpoints/${endpoint.id}`} className="button button-secondary button-small" aria-label={`Edit ${endpoint.name}`}>
                    Edit
                  </Link>
                  <TestConnectionButton endpointId={endpoint.id} name={endpoint.name} />
                  <DeleteEndpointButton endpointId={endpoint.id} name={endpoint.name} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
