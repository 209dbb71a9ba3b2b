import { configure, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { click, fill } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { type FakeRoutes, sentBodies, stubApi } from "../fake-api";
import { brandBody, settingsRoutes, userBody } from "../settings-api";

configure({ asyncUtilTimeout: 5000 });

function renderSettings(path: string, routes: FakeRoutes = {}) {
  const fetchMock = stubApi({ ...settingsRoutes(), ...routes });
  const rendered = renderRoute(path, { auth: createFakeAuth(verifiedUser) });
  return { ...rendered, sent: (key: string) => sentBodies(fetchMock, key) };
}

resetScreensAfterEach();

describe("会社概要 with unsaved edits", () => {
  it("keeps another section's edits when one is saved, and asks before the page is left", async () => {
    const { router } = renderSettings("/settings/companies", {
      "PUT /api/brands": (body) => ({ body: brandBody({ name: body.name ?? "" }) }),
    });
    const profile = await screen.findByRole("region", { name: "会社概要" });
    const brand = await screen.findByRole("region", { name: "ブランド設定" });
    fill(profile, "担当者名", "山田 太郎");
    fill(brand, "ブランド名", "送る本舗");
    click(within(brand).getByRole("button", { name: "保存する" }));
    expect(await screen.findByText("ブランド設定を保存しました。")).toBeInTheDocument();
    expect(within(profile).getByRole("textbox", { name: "担当者名" })).toHaveValue("山田 太郎");

    click(screen.getByRole("tab", { name: "ユーザー管理" }));
    const warning = await screen.findByRole("dialog", { name: "保存していない変更があります" });
    click(within(warning).getByRole("button", { name: "このページに戻る" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/settings/companies");
    expect(within(profile).getByRole("textbox", { name: "担当者名" })).toHaveValue("山田 太郎");

    click(screen.getByRole("tab", { name: "ユーザー管理" }));
    click(await screen.findByRole("button", { name: "保存せずに移動する" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/users"));
  });

  it("lets the page go without asking once every edit is saved", async () => {
    const { router } = renderSettings("/settings/companies", {
      "PUT /api/brands": (body) => ({ body: brandBody({ name: body.name ?? "" }) }),
    });
    const brand = await screen.findByRole("region", { name: "ブランド設定" });
    fill(brand, "ブランド名", "送る本舗");
    click(within(brand).getByRole("button", { name: "保存する" }));
    expect(await screen.findByText("ブランド設定を保存しました。")).toBeInTheDocument();
    click(screen.getByRole("tab", { name: "ユーザー管理" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/users"));
    expect(screen.queryByRole("dialog", { name: "保存していない変更があります" })).toBeNull();
  });
});

describe("ユーザー管理 with an invited user", () => {
  it("shows 招待中 with the invitation's date, and sends the invitation again", async () => {
    const invited = userBody({
      id: "usr_02",
      email: "sato@example.jp",
      name: "佐藤 花子",
      role: "member",
      invited_at: "2026-11-20T01:00:00.000Z",
    });
    let sentAgain = false;
    const { sent } = renderSettings("/settings/users", {
      "GET /api/users": () => ({
        body: {
          items: [userBody(), sentAgain ? { ...invited, invited_at: "2026-11-28T01:00:00.000Z" } : invited],
          next_cursor: null,
        },
      }),
      "POST /api/users/usr_02/resend_invitation": () => {
        sentAgain = true;
        return { body: { ...invited, invited_at: "2026-11-28T01:00:00.000Z" } };
      },
    });
    const table = await screen.findByRole("table", { name: "ユーザー一覧" });
    const row = (await within(table).findByText("sato@example.jp")).closest("tr")!;
    expect(row).toHaveTextContent("招待中");
    expect(row).toHaveTextContent("2026/11/20 に招待");
    const me = within(table).getByText("tanaka@example.jp").closest("tr")!;
    expect(me).toHaveTextContent("利用中");
    expect(within(me).queryByRole("button", { name: /招待を再送/ })).toBeNull();

    click(within(row).getByRole("button", { name: "佐藤 花子に招待を再送" }));
    expect(await screen.findByText("sato@example.jp に招待メールを再送しました。")).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent("2026/11/28 に招待"));
    expect(sent("POST /api/users/usr_02/resend_invitation")).toHaveLength(1);
  });
});
