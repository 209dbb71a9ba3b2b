import { configure, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { click, fill } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { type FakeRoutes, sentBodies, stubApi, type Wire } from "../fake-api";
import { completeCompanyBody, settingsRoutes } from "../settings-api";

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

const credential: Wire["Credential"] = {
  id: "cred_01JAAAAAAAAAAAAAAAAAAAAAAA",
  name: "倉庫管理システム",
  client_id: "okr_abc123",
  scopes: ["orders:read"],
  created_by: "usr_01",
  last_used_at: null,
  expires_at: null,
  created_at: "2026-11-28T00:00:00.000Z",
  updated_at: "2026-11-28T00:00:00.000Z",
};
const webhooks = "/api/credentials/cred_01JAAAAAAAAAAAAAAAAAAAAAAA/webhooks";
const endpoint: Wire["WebhookEndpointWithSecret"] = {
  id: "whk_01JAAAAAAAAAAAAAAAAAAAAAAA",
  credential_id: credential.id,
  url: "https://example.jp/okuru/webhooks",
  events: ["label_batch.completed", "tracking.uploaded"],
  enabled: true,
  secret: "whsec-shown-once",
  created_at: "2026-11-28T00:00:00.000Z",
  updated_at: "2026-11-28T00:00:00.000Z",
};

function renderCredentials(routes: FakeRoutes = {}) {
  const fetchMock = stubApi({
    ...settingsRoutes(),
    "GET /api/companies": () => ({ body: completeCompanyBody({ api_integration: true }) }),
    "GET /api/credentials": () => ({ body: { items: [credential], next_cursor: null } }),
    // Typed `never`: the key also matches GET /api/credentials/{id}, whose handler type it would have to meet too.
    "GET /api/credentials/cred_01JAAAAAAAAAAAAAAAAAAAAAAA/webhooks": (() => ({
      body: { items: [] },
    })) as never,
    ...routes,
  });
  const rendered = renderRoute("/settings/credentials", { auth: createFakeAuth(verifiedUser) });
  return { ...rendered, sent: (key: string) => sentBodies(fetchMock, key) };
}

resetScreensAfterEach();

describe("API連携: the dialogs drawn after the first screen", () => {
  it("adds a webhook endpoint: the first click opens the dialog, the API's schema checks it, the secret is shown once", async () => {
    const { sent } = renderCredentials({
      "POST /api/credentials/cred_01JAAAAAAAAAAAAAAAAAAAAAAA/webhooks": () => ({
        status: 201,
        body: endpoint,
      }),
    });
    const region = await screen.findByRole("region", { name: "倉庫管理システムのWebhook" });
    click(within(region).getByRole("button", { name: "送信先を追加" }));
    const dialog = await screen.findByRole("dialog", { name: "Webhook の送信先を追加" });
    // Every event is offered and chosen at first.
    for (const name of [
      /送り状の発行が完了した/,
      /送り状を取り消した/,
      /追跡番号をストアに登録した/,
      /注文がエラーになった/,
    ])
      expect(within(dialog).getByRole("checkbox", { name })).toBeChecked();

    // Nothing is sent until the schema (fetched after the form is drawn) has checked the URL.
    click(within(dialog).getByRole("button", { name: "追加する" }));
    expect(await within(dialog).findByText("送信先URLを入力してください")).toBeInTheDocument();
    fill(dialog, "送信先URL", "ftp://example.jp");
    click(within(dialog).getByRole("button", { name: "追加する" }));
    expect(
      await within(dialog).findByText("送信先URLは https:// で始まるURLを入力してください"),
    ).toBeInTheDocument();
    expect(sent(`POST ${webhooks}`)).toEqual([]);

    fill(dialog, "送信先URL", " https://example.jp/okuru/webhooks ");
    click(within(dialog).getByRole("checkbox", { name: /送り状を取り消した/ }));
    click(within(dialog).getByRole("checkbox", { name: /注文がエラーになった/ }));
    click(within(dialog).getByRole("button", { name: "追加する" }));
    const shown = await screen.findByRole("dialog", { name: "Webhook の署名用シークレット" });
    expect(shown).toHaveTextContent("whsec-shown-once");
    expect(sent(`POST ${webhooks}`)).toEqual([
      {
        url: "https://example.jp/okuru/webhooks",
        events: ["label_batch.completed", "tracking.uploaded"],
        enabled: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Webhook の送信先を追加" })).toBeNull());
  });

  it("edits a credential in the dialog drawn later: its values filled in, a name left empty refused before sending", async () => {
    const { sent } = renderCredentials({
      "PUT /api/credentials/cred_01JAAAAAAAAAAAAAAAAAAAAAAA": () => ({
        body: { ...credential, name: "基幹システム" },
      }),
    });
    click(await screen.findByRole("button", { name: "倉庫管理システムを編集" }));
    const dialog = await screen.findByRole("dialog", { name: "認証情報を編集" });
    expect(within(dialog).getByRole("textbox", { name: /名前/ })).toHaveValue("倉庫管理システム");
    expect(within(dialog).getByRole("checkbox", { name: /受注・出荷の参照/ })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: /受注の編集/ })).not.toBeChecked();

    fill(dialog, "名前", "");
    click(within(dialog).getByRole("button", { name: "保存する" }));
    expect(await within(dialog).findByText("名前を入力してください")).toBeInTheDocument();
    expect(sent(`PUT /api/credentials/${credential.id}`)).toEqual([]);

    fill(dialog, "名前", "基幹システム");
    click(within(dialog).getByRole("button", { name: "保存する" }));
    await waitFor(() =>
      expect(sent(`PUT /api/credentials/${credential.id}`)).toEqual([
        { name: "基幹システム", scopes: ["orders:read"], expires_at: null },
      ]),
    );
  });
});
