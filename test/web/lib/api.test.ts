import {
  ApiError,
  createItemCategory,
  createSender,
  createSignup,
  createUser,
  deleteItemCategory,
  deleteSender,
  deleteUser,
  getBrands,
  getCompanies,
  getGeocoding,
  getHealth,
  getItemCategories,
  getMe,
  getOrders,
  getSenders,
  getSignup,
  getUsers,
  RequiredError,
  type SenderCreateReq,
  type SignupCreateReq,
  setIdTokenProvider,
  updateBrand,
  updateBrandItemCategory,
  updateBrandPrintSettings,
  updateBrandSender,
  updateCompany,
  updateCompanySetupStatus,
  updateItemCategory,
  updateSender,
  updateUser,
} from "../../../web/src/lib/api";
import { readingRequests, type SentInit } from "../fake-api";

const companyUpdate = {
  name: "株式会社送る商店",
  postal_code: "1000001",
  prefecture: "東京都",
  city: "千代田区",
  address1: "千代田1-1",
  phone: "03-1234-5678",
} as const;

// fetch is the network boundary of the client; every test answers it with a stub,
// which sees each call as (path with query, init).
const fetchMock = vi.fn<(url: string, init: SentInit) => Promise<Response>>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The URL and init of the n-th fetch call. */
function call(n = 0): { url: string; init: Partial<SentInit>; headers: Record<string, string> } {
  const [url = "", init] = fetchMock.mock.calls[n] ?? [];
  return { url, init: init ?? {}, headers: init?.headers ?? {} };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({}));
  vi.stubGlobal("fetch", readingRequests(fetchMock));
  setIdTokenProvider(async () => "id-token-123");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("requests", () => {
  it("sends every call under the /api base path", async () => {
    await getCompanies();
    expect(call().url).toBe("/api/companies");
    expect(call().init.method).toBe("GET");
  });

  it.each([
    ["getHealth", () => getHealth(), "GET", "/api/health", undefined],
    ["getSignup", () => getSignup(), "GET", "/api/signup", undefined],
    [
      "createSignup",
      () => createSignup({ company_name: "株式会社送る" }),
      "POST",
      "/api/signup",
      { company_name: "株式会社送る" },
    ],
    ["createSignup without a body", () => createSignup(), "POST", "/api/signup", undefined],
    ["getCompanies", () => getCompanies(), "GET", "/api/companies", undefined],
    ["updateCompany", () => updateCompany(companyUpdate), "PUT", "/api/companies", companyUpdate],
    [
      "updateCompanySetupStatus",
      () => updateCompanySetupStatus({ setup_status: "stores" }),
      "PUT",
      "/api/companies/setup_status",
      { setup_status: "stores" },
    ],
    [
      "getGeocoding",
      () => getGeocoding("1000001"),
      "GET",
      "/api/geocoding?address_postcode=1000001",
      undefined,
    ],
  ] as const)("%s → %s %s", async (_, send, method, url, body) => {
    await send();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call().init.method).toBe(method);
    expect(call().url).toBe(url);
    if (body === undefined) expect(call().init.body).toBeUndefined();
    else expect(JSON.parse(String(call().init.body))).toEqual(body);
  });

  it("sends JSON bodies exactly as the caller wrote them (no key conversion)", async () => {
    const body = {
      setup_status: "carriers",
      camelKey: 1,
      nested_obj: { innerKey: [{ deep_key: "値_value" }] },
    };
    await createSignup(body as unknown as SignupCreateReq);
    expect(call().init.body).toBe(JSON.stringify(body));
    expect(call().headers["Content-Type"]).toBe("application/json");
  });

  it("sends no body and no Content-Type when there is no body", async () => {
    await getCompanies();
    expect(call().init.body).toBeUndefined();
    expect(call().headers["Content-Type"]).toBeUndefined();
    expect(call().headers.Accept).toBe("application/json");
  });
});

describe("Authorization header", () => {
  it("carries the ID token as a bearer token", async () => {
    setIdTokenProvider(async () => "eyJhbGciOi.payload.signature");
    await getCompanies();
    expect(call().headers.Authorization).toBe("Bearer eyJhbGciOi.payload.signature");
  });

  it.each([
    ["an empty token", async () => ""],
    ["no token (null)", async () => null],
    ["no token (undefined)", async () => undefined],
    [
      "a session that cannot be read",
      async () => {
        throw new Error("No current user");
      },
    ],
  ])("is still set, with an empty token, when signed out: %s", async (_, provider) => {
    setIdTokenProvider(provider);
    await getSignup();
    expect(call().headers.Authorization).toBe("Bearer ");
  });

  it("is read again for every call", async () => {
    let token = "first";
    setIdTokenProvider(async () => token);
    await getCompanies();
    token = "second";
    await getCompanies();
    expect(call(0).headers.Authorization).toBe("Bearer first");
    expect(call(1).headers.Authorization).toBe("Bearer second");
  });
});

describe("responses", () => {
  it("converts every key deeply to camelCase and leaves values untouched", async () => {
    fetchMock.mockResolvedValue(
      json({
        setup_status: "basic_information",
        created_at: "2025-01-01T00:00:00Z",
        nested_obj: { inner_key: { deepest_key: "snake_case_value" } },
        order_items: [
          { item_id: "itm_1", unit_price: 1200, tags: ["gift_wrap", "cool_delivery"] },
          { item_id: "itm_2", sub_items: [{ sub_item_id: "s_1" }] },
        ],
        list_of_lists: [[{ inner_list_key: 1 }]],
        null_value: null,
        empty_obj: {},
        alreadyCamel: true,
      }),
    );
    expect(await getCompanies()).toEqual({
      setupStatus: "basic_information",
      createdAt: "2025-01-01T00:00:00Z",
      nestedObj: { innerKey: { deepestKey: "snake_case_value" } },
      orderItems: [
        { itemId: "itm_1", unitPrice: 1200, tags: ["gift_wrap", "cool_delivery"] },
        { itemId: "itm_2", subItems: [{ subItemId: "s_1" }] },
      ],
      listOfLists: [[{ innerListKey: 1 }]],
      nullValue: null,
      emptyObj: {},
      alreadyCamel: true,
    });
  });

  it("converts a top-level array of objects", async () => {
    fetchMock.mockResolvedValue(json([{ sender_id: "snd_1", sender_name: "山田" }, { sender_id: "snd_2" }]));
    expect(await getSenders()).toEqual([{ senderId: "snd_1", senderName: "山田" }, { senderId: "snd_2" }]);
  });

  it("passes scalars through", async () => {
    fetchMock.mockResolvedValue(json("plain_text_value"));
    expect(await getHealth()).toBe("plain_text_value");
  });

  it("turns the signup check into { exist }", async () => {
    fetchMock.mockResolvedValue(json({ exist: false }));
    expect(await getSignup()).toEqual({ exist: false });
  });

  it.each([200, 201, 204, 299])("treats %i as success", async (status) => {
    fetchMock.mockResolvedValue(new Response(status === 204 ? null : "", { status }));
    await expect(deleteSender("snd_1")).resolves.toBeUndefined();
  });

  it("fails on a 2xx answer that is not JSON", async () => {
    fetchMock.mockResolvedValue(new Response("<html></html>", { status: 200 }));
    const error = await failure(getCompanies());
    expect(error.code).toBe("response.invalid");
  });
});

describe("failures (any status outside 200–299)", () => {
  /** The Japanese messages the client falls back on, written out: a change of wording must change this test. */
  const fallback = {
    invalidInput: "入力内容をご確認ください。",
    sessionExpired: "ログインの有効期限が切れました。再度ログインしてください。",
    forbidden: "この操作を行う権限がありません。",
    notFound: "対象のデータが見つかりません。",
    conflict: "他の操作と競合しました。画面を再読み込みしてから再度お試しください。",
    rateLimited: "リクエストが集中しています。しばらくしてから再度お試しください。",
    serverError: "サーバーでエラーが発生しました。時間をおいて再度お試しください。",
    networkFailed: "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。",
  };

  it.each([
    [
      401,
      { code: "auth.unauthenticated", message: "ログインしてください。" },
      "auth.unauthenticated",
      "ログインしてください。",
    ],
    [
      403,
      { code: "forbidden.admin_only", message: "この操作は管理者のみが行えます。" },
      "forbidden.admin_only",
      "この操作は管理者のみが行えます。",
    ],
    [
      409,
      {
        code: "conflict.concurrent_update",
        message: "他の操作と競合しました。画面を更新して再度お試しください。",
      },
      "conflict.concurrent_update",
      "他の操作と競合しました。画面を更新して再度お試しください。",
    ],
    [
      422,
      {
        code: "sender.in_use",
        message: "ブランドのデフォルト発送元に設定されているため削除できません。",
      },
      "sender.in_use",
      "ブランドのデフォルト発送元に設定されているため削除できません。",
    ],
    [
      500,
      { code: "internal", message: "サーバーでエラーが発生しました。時間をおいて再度お試しください。" },
      "internal",
      fallback.serverError,
    ],
  ])(
    "%i with the API's { code, message }: that code and that message",
    async (status, body, code, message) => {
      fetchMock.mockResolvedValue(json(body, status));
      const error = await failure(deleteSender("snd_1"));
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe("ApiError");
      expect(error.status).toBe(status);
      expect(error.code).toBe(code);
      expect(error.message).toBe(message);
      expect(error.fields).toBeUndefined();
    },
  );

  it("keeps field messages keyed by the wire names (snake_case), not camelCased", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: "input.invalid",
          message: "入力内容に誤りがあります。",
          fields: {
            postal_code: "郵便番号は7桁の数字で入力してください（例: 100-0001）",
            "address.phone_number": "有効な電話番号を入力してください（例: 03-1234-5678）",
          },
        },
        400,
      ),
    );
    const error = await failure(updateCompany(companyUpdate));
    expect(error.status).toBe(400);
    expect(error.code).toBe("input.invalid");
    expect(error.message).toBe("入力内容に誤りがあります。");
    expect(error.fields).toEqual({
      postal_code: "郵便番号は7桁の数字で入力してください（例: 100-0001）",
      "address.phone_number": "有効な電話番号を入力してください（例: 03-1234-5678）",
    });
  });

  it.each([
    [400, fallback.invalidInput],
    [401, fallback.sessionExpired],
    [403, fallback.forbidden],
    [404, fallback.notFound],
    [409, fallback.conflict],
    [422, fallback.invalidInput],
    [429, fallback.rateLimited],
    [500, fallback.serverError],
    [502, fallback.serverError],
    [503, fallback.serverError],
    [504, fallback.serverError],
  ])("%i without a usable body: code http.<status> and the Japanese fallback", async (status, message) => {
    // A gateway's HTML page, an empty body, and JSON without a message all fall back.
    for (const body of ["<html><body>Bad Gateway</body></html>", "", JSON.stringify({ error: "x" })]) {
      fetchMock.mockResolvedValueOnce(new Response(body, { status }));
      const error = await failure(getCompanies());
      expect(error.status).toBe(status);
      expect(error.code).toBe(`http.${status}`);
      expect(error.message).toBe(message);
      expect(error.fields).toBeUndefined();
    }
  });

  it("takes the API's code with the fallback message when only the message is missing", async () => {
    fetchMock.mockResolvedValue(json({ code: "conflict.concurrent_update", message: 42 }, 409));
    const error = await failure(updateSender("snd_1"));
    expect(error.code).toBe("conflict.concurrent_update");
    expect(error.message).toBe(fallback.conflict);
  });

  it.each([300, 304, 418])("treats %i as a failure too, with its status in the message", async (status) => {
    fetchMock.mockResolvedValue(new Response(null, { status }));
    const error = await failure(getCompanies());
    expect(error.status).toBe(status);
    expect(error.code).toBe(`http.${status}`);
    expect(error.message).toBe(`予期しない応答を受け取りました（ステータス ${status}）。`);
  });

  it.each([
    ["fetch cannot reach the server", new TypeError("Failed to fetch")],
    ["the request is aborted", new DOMException("The user aborted a request.", "AbortError")],
  ])("%s: status 0, network.failed, the network message, the cause kept", async (_, cause) => {
    fetchMock.mockRejectedValue(cause);
    const error = await failure(getCompanies());
    expect(error.status).toBe(0);
    expect(error.code).toBe("network.failed");
    expect(error.message).toBe(fallback.networkFailed);
    expect(error.cause).toBe(cause);
  });

  it("reads a body that breaks off mid-way as a network failure", async () => {
    const cause = new TypeError("network error");
    fetchMock.mockResolvedValue({ status: 200, text: () => Promise.reject(cause) } as unknown as Response);
    const error = await failure(getCompanies());
    expect(error.code).toBe("network.failed");
    expect(error.cause).toBe(cause);
  });

  it("fails every operation the same way", async () => {
    fetchMock.mockResolvedValue(
      json({ code: "user.self_delete", message: "自分自身は削除できません。" }, 422),
    );
    await expect(deleteUser("user_1")).rejects.toMatchObject({
      name: "ApiError",
      status: 422,
      code: "user.self_delete",
      message: "自分自身は削除できません。",
    });
    expect(call().url).toBe("/api/users/user_1");
    expect(call().init.method).toBe("DELETE");
  });
});

describe("query parameters", () => {
  it("are sent in snake_case, without empty values, arrays repeated", async () => {
    // Keys and values the query types do not allow, to see what is sent whatever a caller passes.
    await getOrders({
      search: "山田",
      shipmentStatus: "notShipped",
      isError: false,
      purchasedFrom: undefined,
      purchasedTo: null,
      shopify_order_id: "1001",
      ids: ["a", "b"],
    } as never);
    expect(call().url).toBe(
      `/api/orders?search=${encodeURIComponent("山田")}&shipment_status=notShipped&is_error=false&shopify_order_id=1001&ids=a&ids=b`,
    );
  });

  it("leave the URL without a ? when there are none", async () => {
    await getOrders({ search: undefined });
    expect(call().url).toBe("/api/orders");
  });

  it("come from an operation's query object, sent as written", async () => {
    await getOrders({ tab_key: "notShipped", is_error: "true", purchased_from: "2025-01-01" });
    await getOrders();
    expect(call(0).url).toBe("/api/orders?tab_key=notShipped&is_error=true&purchased_from=2025-01-01");
    expect(call(1).url).toBe("/api/orders");
  });
});

describe("required parameters", () => {
  const honsha: SenderCreateReq = {
    name: "本社",
    postal_code: "1000001",
    prefecture: "東京都",
    city: "千代田区",
    address1: "千代田1-1",
    phone: "03-1234-5678",
  };
  it.each([
    ["getGeocoding", "addressPostcode", () => getGeocoding(undefined as unknown as string)],
    ["getGeocoding", "addressPostcode", () => getGeocoding(null as unknown as string)],
    ["createSender", "senderCreateReq", () => createSender(undefined as unknown as SenderCreateReq)],
    ["createSender", "senderCreateReq", () => createSender(null as unknown as SenderCreateReq)],
    ["updateSender", "id", () => updateSender(undefined as unknown as string, honsha)],
    ["updateSender", "id", () => updateSender(null as unknown as string)],
    ["deleteSender", "id", () => deleteSender(undefined as unknown as string)],
  ])("%s without %s throws before anything is sent", async (operationName, name, send) => {
    const error = await send().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(RequiredError);
    expect((error as Error).message).toBe(
      `Required parameter ${name} was null or undefined when calling ${operationName}.`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("accepts falsy but present values", async () => {
    await getGeocoding("");
    await deleteSender("0");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(1).url).toBe("/api/senders/0");
  });

  it("substitutes path ids, encoded", async () => {
    await updateSender("snd/01 x", honsha);
    expect(call().url).toBe("/api/senders/snd%2F01%20x");
    expect(call().init.method).toBe("PUT");
    expect(JSON.parse(String(call().init.body))).toEqual(honsha);
  });

  it("sends an optional body only when given", async () => {
    await updateSender("snd_1");
    expect(call().init.body).toBeUndefined();
  });
});

describe("settings operations", () => {
  const sender = {
    name: "東京倉庫",
    postal_code: "1000001",
    prefecture: "東京都" as const,
    city: "千代田区",
    address1: "千代田1-1",
    phone: "03-1234-5678",
  };
  const itemCategory = { name: "衣類", handling1: "ワレモノ注意" };
  const setting = { paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0.5 } as const;
  const printSettings = { japan_post: setting, sagawa: setting, yamato: setting };

  it.each([
    ["getMe", () => getMe(), "GET", "/api/users/me", undefined],
    ["getUsers", () => getUsers(), "GET", "/api/users", undefined],
    [
      "createUser",
      () => createUser({ email: "a@example.jp", name: "", role: "member" }),
      "POST",
      "/api/users",
      { email: "a@example.jp", name: "", role: "member" },
    ],
    [
      "updateUser",
      () => updateUser("user_1", { name: "佐藤", role: "admin" }),
      "PUT",
      "/api/users/user_1",
      { name: "佐藤", role: "admin" },
    ],
    ["deleteUser", () => deleteUser("user_1"), "DELETE", "/api/users/user_1", undefined],
    ["getSenders", () => getSenders(), "GET", "/api/senders", undefined],
    ["createSender", () => createSender(sender), "POST", "/api/senders", sender],
    ["updateSender", () => updateSender("snd_1", sender), "PUT", "/api/senders/snd_1", sender],
    ["deleteSender", () => deleteSender("snd_1"), "DELETE", "/api/senders/snd_1", undefined],
    ["getItemCategories", () => getItemCategories(), "GET", "/api/item_categories", undefined],
    [
      "createItemCategory",
      () => createItemCategory(itemCategory),
      "POST",
      "/api/item_categories",
      itemCategory,
    ],
    [
      "updateItemCategory",
      () => updateItemCategory("cat_1", itemCategory),
      "PUT",
      "/api/item_categories/cat_1",
      itemCategory,
    ],
    [
      "deleteItemCategory",
      () => deleteItemCategory("cat_1"),
      "DELETE",
      "/api/item_categories/cat_1",
      undefined,
    ],
    ["getBrands", () => getBrands(), "GET", "/api/brands", undefined],
    ["updateBrand", () => updateBrand({ name: "送る" }), "PUT", "/api/brands", { name: "送る" }],
    [
      "updateBrandSender",
      () => updateBrandSender({ sender_id: null }),
      "PUT",
      "/api/brands/senders",
      { sender_id: null },
    ],
    [
      "updateBrandItemCategory",
      () => updateBrandItemCategory({ item_category_id: "cat_1" }),
      "PUT",
      "/api/brands/item_categories",
      { item_category_id: "cat_1" },
    ],
    [
      "updateBrandPrintSettings",
      () => updateBrandPrintSettings(printSettings),
      "PUT",
      "/api/brands/print_settings",
      printSettings,
    ],
  ] as const)("%s → %s %s", async (_, send, method, url, body) => {
    await send();
    expect(call().init.method).toBe(method);
    expect(call().url).toBe(url);
    if (body === undefined) expect(call().init.body).toBeUndefined();
    else expect(JSON.parse(String(call().init.body))).toEqual(body);
  });

  it.each([
    ["updateCompany", "companyUpdateReq", () => updateCompany(undefined as never)],
    ["createUser", "userCreateReq", () => createUser(undefined as never)],
    ["updateUser", "id", () => updateUser(undefined as never)],
    ["deleteUser", "id", () => deleteUser(null as never)],
    ["createSender", "senderCreateReq", () => createSender(null as never)],
    ["updateSender", "id", () => updateSender(undefined as never, sender)],
    ["deleteSender", "id", () => deleteSender(undefined as never)],
    ["createItemCategory", "itemCategoryCreateReq", () => createItemCategory(undefined as never)],
    ["updateItemCategory", "id", () => updateItemCategory(undefined as never, itemCategory)],
    ["deleteItemCategory", "id", () => deleteItemCategory(undefined as never)],
    ["getGeocoding", "addressPostcode", () => getGeocoding(undefined as never)],
  ])("%s without %s throws before anything is sent", async (operationName, name, send) => {
    await expect(send()).rejects.toThrow(new RequiredError(name, operationName).message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends update bodies the spec leaves optional only when given", async () => {
    await updateSender("snd_1");
    await updateBrand();
    expect(call(0).init.body).toBeUndefined();
    expect(call(1).init.body).toBeUndefined();
  });

  it("camelCases the brand's carrier keys like every other key", async () => {
    fetchMock.mockResolvedValue(
      json({
        name: "送る",
        default_sender_id: null,
        default_item_category_id: null,
        print_settings: printSettings,
        updated_at: null,
      }),
    );
    const brand = await getBrands();
    expect(brand.printSettings.japanPost).toEqual({
      paper: "a4",
      layout: "2up",
      offsetXMm: 0,
      offsetYMm: 0.5,
    });
  });

  it("reads every address a postal code stands for", async () => {
    fetchMock.mockResolvedValue(
      json({
        postal_code: "4980000",
        display: "498-0000",
        addresses: [
          {
            postal_code: "4980000",
            prefecture: "愛知県",
            prefecture_code: "23",
            city: "弥富市",
            city_code: "23235",
            town: "",
          },
          {
            postal_code: "4980000",
            prefecture: "三重県",
            prefecture_code: "24",
            city: "桑名郡木曽岬町",
            city_code: "24303",
            town: "",
          },
        ],
      }),
    );
    const result = await getGeocoding("498-0000");
    expect(call().url).toBe("/api/geocoding?address_postcode=498-0000");
    expect(result.addresses.map((a) => `${a.prefecture}${a.city}`)).toEqual([
      "愛知県弥富市",
      "三重県桑名郡木曽岬町",
    ]);
    expect(result.addresses[0]).toHaveProperty("cityCode", "23235");
  });
});
