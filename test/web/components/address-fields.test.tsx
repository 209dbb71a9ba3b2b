import { SenderInput } from "@okuru/core/shared/sender";
import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  AddressFields,
  type AddressValues,
  emptyAddress,
} from "../../../web/src/components/forms/AddressFields";
import { laterSchema, useSchemaForm } from "../../../web/src/lib/form";
import { AppProviders } from "../../../web/src/providers";
import { type } from "../../support/web-actions";
import { refusal, stubApi } from "../fake-api";

const senderSchema = laterSchema(async () => SenderInput);

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

/** GET /api/geocoding answers as the API sends them (snake_case). */
const found = {
  "1000001": [
    { prefecture: "東京都", prefecture_code: "13", city: "千代田区", city_code: "13101", town: "千代田" },
  ],
  "4980000": [
    { prefecture: "愛知県", prefecture_code: "23", city: "弥富市", city_code: "23235", town: "" },
    { prefecture: "三重県", prefecture_code: "24", city: "桑名郡木曽岬町", city_code: "24303", town: "" },
  ],
} as const;

function stubGeocoding() {
  const lookups: string[] = [];
  stubApi({
    "GET /api/geocoding": (_, url) => {
      const postcode = url.searchParams.get("address_postcode") ?? "";
      lookups.push(postcode);
      if (!/^\d{7}$/.test(postcode)) {
        return refusal(
          400,
          "geocoding.invalid_postcode",
          "郵便番号は7桁の数字で入力してください（例: 100-0001）",
          { address_postcode: "郵便番号は7桁の数字で入力してください" },
        );
      }
      const addresses = found[postcode as keyof typeof found];
      if (!addresses) {
        return refusal(
          404,
          "geocoding.not_found",
          "該当する住所が見つかりません。郵便番号をご確認ください。",
        );
      }
      return {
        body: {
          postal_code: postcode,
          display: `${postcode.slice(0, 3)}-${postcode.slice(3)}`,
          addresses: addresses.map((a) => ({ postal_code: postcode, office: "", ...a })),
        },
      };
    },
  });
  return lookups;
}

function AddressForm({ initial }: { initial: Partial<AddressValues> }) {
  const form = useSchemaForm(senderSchema, {
    name: "sender",
    initialValues: { name: "", company_name: "", ...emptyAddress, ...initial, phone: "" },
  });
  return <AddressFields form={form} />;
}

function renderAddress(initial: Partial<AddressValues> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <AddressForm initial={initial} />
    </AppProviders>,
  );
  return {
    postal: screen.getByRole("textbox", { name: "郵便番号" }),
    prefecture: screen.getByRole("combobox", { name: "都道府県" }),
    city: screen.getByRole("textbox", { name: "市区町村" }),
    address1: screen.getByRole("textbox", { name: "町名・番地" }),
    address2: screen.getByRole("textbox", { name: "建物名・部屋番号" }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AddressFields", () => {
  it("fills 都道府県, 市区町村 and 町域 as soon as seven digits are typed, then moves on to 町名・番地", async () => {
    const lookups = stubGeocoding();
    const fields = renderAddress();

    type(fields.postal, "100000");
    expect(lookups).toEqual([]);
    type(fields.postal, "1000001");

    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    expect(fields.prefecture).toHaveValue("東京都");
    expect(fields.address1).toHaveValue("千代田");
    expect(fields.postal).toHaveValue("100-0001");
    await waitFor(() => expect(fields.address1).toHaveFocus());
    expect(lookups).toEqual(["1000001"]);
  });

  it.each([
    ["full-width digits", "１０００００１"],
    ["a full-width hyphen", "１００－０００１"],
    ["a hyphen", "100-0001"],
    ["a 〒 mark", "〒100-0001"],
  ])("accepts %s", async (_, typed) => {
    const lookups = stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, typed);
    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    expect(lookups).toEqual(["1000001"]);
  });

  it("looks a code up once: typing on in the same code does not ask again", async () => {
    const lookups = stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "1000001");
    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    type(fields.postal, "100-0001");
    expect(lookups).toEqual(["1000001"]);
  });

  it("keeps the block number typed after the town", async () => {
    stubGeocoding();
    const fields = renderAddress({ address1: "千代田1-1" });
    type(fields.postal, "1000001");
    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    expect(fields.address1).toHaveValue("千代田1-1");
  });

  it("offers every address of a code with several, and fills the one chosen", async () => {
    stubGeocoding();
    const fields = renderAddress({ address1: "旧住所1-1" });
    type(fields.postal, "4980000");

    const choices = await screen.findByRole("group", { name: "住所の候補" });
    expect(
      within(choices).getByText("該当する住所が2件見つかりました。選択してください。"),
    ).toBeInTheDocument();
    expect(within(choices).getByRole("button", { name: "愛知県 弥富市" })).toBeInTheDocument();
    expect(fields.city).toHaveValue("");

    fireEvent.click(within(choices).getByRole("button", { name: "三重県 桑名郡木曽岬町" }));
    expect(fields.prefecture).toHaveValue("三重県");
    expect(fields.city).toHaveValue("桑名郡木曽岬町");
    // A code without a town: the old street belonged elsewhere.
    expect(fields.address1).toHaveValue("");
    expect(screen.queryByRole("group", { name: "住所の候補" })).not.toBeInTheDocument();
  });

  it("closes the choices without filling anything", async () => {
    stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "4980000");
    const choices = await screen.findByRole("group", { name: "住所の候補" });
    fireEvent.click(within(choices).getByRole("button", { name: "候補を閉じる" }));
    expect(screen.queryByRole("group", { name: "住所の候補" })).not.toBeInTheDocument();
    expect(fields.prefecture).toHaveValue("");
  });

  it("drops the choices when the code is changed", async () => {
    stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "4980000");
    await screen.findByRole("group", { name: "住所の候補" });
    type(fields.postal, "498000");
    expect(screen.queryByRole("group", { name: "住所の候補" })).not.toBeInTheDocument();
  });

  it("says next to the field when a code finds nothing (404)", async () => {
    stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "0000000");
    expect(
      await screen.findByText("該当する住所が見つかりません。郵便番号をご確認ください。"),
    ).toBeInTheDocument();
    expect(fields.postal).toHaveAttribute("aria-invalid", "true");
    expect(fields.postal.getAttribute("aria-describedby")).toBeTruthy();
    expect(fields.city).toHaveValue("");
  });

  it("asks the API about a malformed code on 「住所を自動入力」 and shows its explanation (400)", async () => {
    const lookups = stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "12345");
    expect(lookups).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "住所を自動入力" }));
    expect(
      await screen.findByText("郵便番号は7桁の数字で入力してください（例: 100-0001）"),
    ).toBeInTheDocument();
    expect(lookups).toEqual(["12345"]);
  });

  it("looks up again on 「住所を自動入力」, e.g. after the city was changed by hand", async () => {
    const lookups = stubGeocoding();
    const fields = renderAddress({
      postal_code: "100-0001",
      prefecture: "東京都",
      city: "港区",
      address1: "芝1-1",
    });
    fireEvent.click(screen.getByRole("button", { name: "住所を自動入力" }));
    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    expect(fields.address1).toHaveValue("千代田");
    expect(lookups).toEqual(["1000001"]);
  });

  it("clears the error once a good code is typed", async () => {
    stubGeocoding();
    const fields = renderAddress();
    type(fields.postal, "0000000");
    await screen.findByText("該当する住所が見つかりません。郵便番号をご確認ください。");
    type(fields.postal, "1000001");
    await waitFor(() => expect(fields.city).toHaveValue("千代田区"));
    expect(
      screen.queryByText("該当する住所が見つかりません。郵便番号をご確認ください。"),
    ).not.toBeInTheDocument();
    expect(fields.postal).not.toHaveAttribute("aria-invalid");
  });

  it("offers the 47 prefectures", async () => {
    stubGeocoding();
    const fields = renderAddress();
    fireEvent.click(fields.prefecture);
    const options = await screen.findAllByRole("option");
    expect(options).toHaveLength(47);
    expect(options[0]).toHaveTextContent("北海道");
    expect(options[46]).toHaveTextContent("沖縄県");
  });
});
