// The Japanese messages zod gives where a schema has none, as laterSchema loads them for the forms.
import "@okuru/core/shared/zod";
import { TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { BrandPrintSettings, defaultPrintSetting } from "@okuru/core/shared/brand";
import { CompanyUpdate } from "@okuru/core/shared/company";
import { FORM_ERROR_KEY } from "@okuru/core/shared/fields";
import { ItemCategoryInput } from "@okuru/core/shared/item-category";
import { SenderInput } from "@okuru/core/shared/sender";
import { QueryClient } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FormAlert } from "../../../web/src/components/forms/FormAlert";
import { SubmitButton } from "../../../web/src/components/forms/SubmitButton";
import { ApiError } from "../../../web/src/lib/api";
import {
  applyServerErrors,
  issuesToFormErrors,
  type LaterSchema,
  laterSchema,
  unexpectedErrorMessage,
  useFormSubmit,
  useSchemaForm,
  zodResolver,
} from "../../../web/src/lib/form";
import { AppProviders } from "../../../web/src/providers";

afterEach(() => {
  // Toasts live in a module-level store; one test's must not reach the next.
  act(() => notifications.clean());
});

const ItemCategoryLike = ItemCategoryInput.pick({ name: true, handling1: true });
const itemCategoryLike = laterSchema(async () => ItemCategoryLike);

const validCompany = {
  name: "株式会社送る商店",
  name_kana: "",
  postal_code: "１００－０００１",
  prefecture: "東京都",
  city: "千代田区",
  address1: "千代田1-1",
  address2: "",
  phone: "0312345678",
  contact_name: "",
  contact_email: "",
};

describe("zodResolver", () => {
  it("gives the shared schema's Japanese message for every field, keyed by its wire name", () => {
    const errors = zodResolver(CompanyUpdate)({
      ...validCompany,
      name: "  ",
      postal_code: "",
      prefecture: "",
      city: "",
      address1: "",
      phone: "",
      contact_email: "not-an-address",
    });
    expect(errors).toEqual({
      name: "会社名を入力してください",
      postal_code: "郵便番号を入力してください",
      prefecture: "都道府県を選択してください",
      city: "市区町村を入力してください",
      address1: "町名・番地を入力してください",
      phone: "電話番号を入力してください",
      contact_email: expect.any(String),
    });
  });

  it("explains malformed values the way the API does", () => {
    expect(
      zodResolver(SenderInput)({ ...validCompany, name: "", postal_code: "12345", phone: "1234" }),
    ).toEqual({
      name: "発送元名を入力してください",
      postal_code: "郵便番号は7桁の数字で入力してください（例: 100-0001）",
      phone: "有効な電話番号を入力してください（例: 03-1234-5678）",
    });
  });

  it("puts a rule over several fields on the field it names (address1)", () => {
    const errors = zodResolver(SenderInput)({
      ...validCompany,
      name: "本社",
      city: "あ".repeat(12),
      address1: "い".repeat(19),
    });
    expect(errors).toEqual({
      address1: "都道府県・市区町村・町名番地の合計は全角32文字以内で入力してください",
    });
  });

  it("joins nested paths with dots, as the API keys its fields (japan_post.layout)", () => {
    const errors = zodResolver(BrandPrintSettings)({
      japan_post: { ...defaultPrintSetting, paper: "label_100x150", layout: "2up" },
      sagawa: { ...defaultPrintSetting, offset_x_mm: 0.3 },
      yamato: { ...defaultPrintSetting, offset_y_mm: "" },
    });
    expect(errors).toEqual({
      "japan_post.layout": "ラベル用紙は1面のみ選択できます",
      "sagawa.offset_x_mm": "横方向の補正は0.5mm単位で入力してください",
      "yamato.offset_y_mm": "縦方向の補正を数値で入力してください",
    });
  });

  it("returns no errors for valid values", () => {
    expect(zodResolver(CompanyUpdate)(validCompany)).toEqual({});
  });
});

describe("issuesToFormErrors", () => {
  it("keeps the first message per path and puts form-wide issues under the API's form-wide key", () => {
    expect(
      issuesToFormErrors([
        { path: ["name"], message: "first" },
        { path: ["name"], message: "second" },
        { path: ["japan_post", "layout"], message: "nested" },
        { path: ["items", 0, "name"], message: "in a list" },
        { path: [], message: "whole form" },
      ]),
    ).toEqual({
      name: "first",
      "japan_post.layout": "nested",
      "items.0.name": "in a list",
      [FORM_ERROR_KEY]: "whole form",
    });
  });
});

describe("applyServerErrors", () => {
  function fakeForm(values: Record<string, unknown>) {
    return { getValues: () => values, setFieldError: vi.fn() };
  }

  it("puts each server field message on its field, nested paths included", () => {
    const form = fakeForm({ name: "", address1: "", japan_post: { layout: "2up" } });
    const error = new ApiError(400, "input.invalid", "入力内容に誤りがあります。", {
      name: "会社名を入力してください",
      "japan_post.layout": "ラベル用紙は1面のみ選択できます",
    });
    expect(applyServerErrors(form, error)).toEqual({ message: null, placed: ["name", "japan_post.layout"] });
    expect(form.setFieldError).toHaveBeenCalledWith("name", "会社名を入力してください");
    expect(form.setFieldError).toHaveBeenCalledWith("japan_post.layout", "ラベル用紙は1面のみ選択できます");
  });

  it("returns the messages no field can show", () => {
    const form = fakeForm({ name: "" });
    const error = new ApiError(400, "input.invalid", "入力内容に誤りがあります。", {
      name: "会社名を入力してください",
      unknown_field: "この項目は使えません",
      _: "全体の誤りです",
    });
    expect(applyServerErrors(form, error)).toEqual({
      message: "この項目は使えません 全体の誤りです",
      placed: ["name"],
    });
  });

  it("returns the API's message for an error without fields (422, 403, 409)", () => {
    const form = fakeForm({ name: "" });
    const error = new ApiError(
      422,
      "sender.in_use",
      "ブランドのデフォルト発送元に設定されているため削除できません。",
    );
    expect(applyServerErrors(form, error).message).toBe(
      "ブランドのデフォルト発送元に設定されているため削除できません。",
    );
    expect(form.setFieldError).not.toHaveBeenCalled();
  });

  it("puts a code's message on the field it belongs to", () => {
    const form = fakeForm({ email: "" });
    const error = new ApiError(409, "user.email_exists", "このメールアドレスは既に登録されています。");
    expect(applyServerErrors(form, error, { codeFields: { "user.email_exists": "email" } })).toEqual({
      message: null,
      placed: ["email"],
    });
    expect(form.setFieldError).toHaveBeenCalledWith("email", "このメールアドレスは既に登録されています。");
  });

  it("says something generic for an error that is not the API's", () => {
    expect(applyServerErrors(fakeForm({}), new TypeError("boom")).message).toBe(unexpectedErrorMessage);
  });
});

type NameValues = { name: string; handling1: string };

/** 品名 and 荷扱い1 over `schema`, as the settings' forms are drawn. */
function NameForm({
  schema,
  action,
  success,
}: {
  schema: LaterSchema<typeof ItemCategoryLike>;
  action: (values: NameValues) => Promise<unknown>;
  success?: string;
}) {
  const form = useSchemaForm(schema, { initialValues: { name: "", handling1: "" } });
  const { onSubmit, error } = useFormSubmit(form, action, { success });
  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert error={error} />
      <TextInput label="品名" {...form.getInputProps("name")} />
      <TextInput label="荷扱い1" {...form.getInputProps("handling1")} />
      <SubmitButton loading={form.submitting}>保存する</SubmitButton>
    </form>
  );
}

function renderNameForm(
  schema: LaterSchema<typeof ItemCategoryLike>,
  action: (values: NameValues) => Promise<unknown>,
  success?: string,
) {
  return render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <NameForm schema={schema} action={action} success={success} />
    </AppProviders>,
  );
}

describe("useSchemaForm + useFormSubmit", () => {
  const renderForm = (action: (values: NameValues) => Promise<unknown>) =>
    renderNameForm(itemCategoryLike, action, "保存しました。");

  it("shows the schema's message next to the field and does not call the API", async () => {
    const action = vi.fn(async () => ({}));
    renderForm(action);
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    expect(await screen.findByText("品名を入力してください")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "品名" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "品名" })).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
  });

  it("checks a changed field when it is left, but not one merely tabbed through", async () => {
    renderForm(vi.fn());
    const name = screen.getByRole("textbox", { name: "品名" });
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(screen.queryByText("品名を入力してください")).not.toBeInTheDocument();

    const handling = screen.getByRole("textbox", { name: "荷扱い1" });
    fireEvent.change(handling, { target: { value: "ワレモノ注意・取扱注意・天地無用" } });
    fireEvent.blur(handling);
    expect(
      await screen.findByText("荷扱い1は全角10文字（半角20文字）以内で入力してください"),
    ).toBeInTheDocument();
  });

  it("sends the schema's output (trimmed), shows a spinner while waiting and a toast after", async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(action);
    fireEvent.change(screen.getByRole("textbox", { name: "品名" }), { target: { value: "  衣類  " } });
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));

    await waitFor(() => expect(action).toHaveBeenCalledWith({ name: "衣類", handling1: "" }));
    expect(screen.getByRole("button", { name: "保存する" })).toHaveAttribute("data-loading", "true");
    finish();
    expect(await screen.findByText("保存しました。")).toBeInTheDocument();
    // The toast and the button's re-render are separate commits; a busy machine can see one first.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "保存する" })).not.toHaveAttribute("data-loading"),
    );
  });

  it("puts the server's field messages next to their fields and the rest in an alert", async () => {
    const action = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, "input.invalid", "入力内容に誤りがあります。", { name: "品名が長すぎます" }),
      )
      .mockRejectedValueOnce(new ApiError(422, "item_category.limit", "備考欄設定は200件まで登録できます。"));
    renderForm(action);
    fireEvent.change(screen.getByRole("textbox", { name: "品名" }), { target: { value: "衣類" } });

    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    expect(await screen.findByText("品名が長すぎます")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "保存する" })).not.toHaveAttribute("data-loading"),
    );

    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole("alert")).toHaveTextContent("備考欄設定は200件まで登録できます。");
  });
});

describe("a form whose schema comes after it is drawn (laterSchema)", () => {
  /** A schema that arrives when the test says, or fails to the first time when asked. */
  function slowSchema(options: { failFirst?: boolean } = {}) {
    let arrive!: () => void;
    let attempts = 0;
    const later = laterSchema(async () => {
      attempts += 1;
      if (options.failFirst && attempts === 1)
        throw new TypeError("Failed to fetch dynamically imported module");
      await new Promise<void>((resolve) => {
        arrive = resolve;
      });
      return ItemCategoryLike;
    });
    return { later, arrive: () => act(async () => arrive()), attempts: () => attempts };
  }

  const renderSlow = (schema: LaterSchema<typeof ItemCategoryLike>, action = vi.fn(async () => ({}))) => {
    renderNameForm(schema, action);
    return action;
  };

  it("holds a submit until the schema has come, then checks with it and sends its output", async () => {
    const { later, arrive } = slowSchema();
    const action = renderSlow(later);
    fireEvent.change(screen.getByRole("textbox", { name: "品名" }), { target: { value: "  衣類  " } });
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    expect(action).not.toHaveBeenCalled();

    await arrive();
    await waitFor(() => expect(action).toHaveBeenCalledWith({ name: "衣類", handling1: "" }));
  });

  it("holds an empty submit too, and shows the schema's message once it has come", async () => {
    const { later, arrive } = slowSchema();
    const action = renderSlow(later);
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    await arrive();
    expect(await screen.findByText("品名を入力してください")).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it("checks a field left before the schema came as soon as it comes", async () => {
    const { later, arrive } = slowSchema();
    renderSlow(later);
    const handling = screen.getByRole("textbox", { name: "荷扱い1" });
    fireEvent.change(handling, { target: { value: "ワレモノ注意・取扱注意・天地無用" } });
    fireEvent.blur(handling);
    expect(screen.queryByText(/荷扱い1は/)).not.toBeInTheDocument();
    await arrive();
    expect(
      await screen.findByText("荷扱い1は全角10文字（半角20文字）以内で入力してください"),
    ).toBeInTheDocument();
  });

  it("says so when the schema could not be fetched, and fetches it again on the next submit", async () => {
    const { later, arrive, attempts } = slowSchema({ failFirst: true });
    const action = renderSlow(later);
    fireEvent.change(screen.getByRole("textbox", { name: "品名" }), { target: { value: "衣類" } });
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(unexpectedErrorMessage);
    expect(action).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    await waitFor(() => expect(attempts()).toBe(2));
    await arrive();
    await waitFor(() => expect(action).toHaveBeenCalledWith({ name: "衣類", handling1: "" }));
  });
});
