import type { Category, ProductDetail, ProductListResponse } from "#contract/catalog";
import type { ContactMessage } from "#contract/contact";
import type { Address, AddressInput } from "#contract/addresses";
import type { ErrorEnvelope } from "#contract/envelope";
import type {
  ProductDraftInput,
  ProductUpdateInput,
  StaffProduct,
  UploadedImage,
} from "#contract/product-editing";
import type { Order, OrderStatusView, PlaceOrderRequest, PricedCart } from "#contract/orders";
import type {
  AdminOrdersQuery,
  Dashboard,
  StaffOrderDetails,
  UpdateOrderStatusRequest,
} from "#contract/staff-orders";
import type {
  ForgotPasswordRequest,
  LoginRequest,
  Profile,
  RegisterRequest,
  ResetPasswordRequest,
  SessionUser,
  UpdateRoleRequest,
  UserSummary,
  VerifyOtpRequest,
} from "#contract/users";

/** A bag line as the browser keeps it (its size is any text until the server checks it). */
export type BagLine = { id: number; size: string; quantity: number; price?: number };

/** A fetch limited to the store's API: the path is relative to /api. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type ApiResult<T> = ({ ok: true } & T) | ({ ok: false; status: number } & ErrorEnvelope);

export type ProductListParams = {
  page?: number;
  limit?: number;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  search?: string;
  sort?: string;
};

/** The browser's way to the API: same origin, under /api. */
export const browserFetch: ApiFetch = (path, init) => fetch(`/api${path}`, init);

async function call<T>(fetcher: ApiFetch, path: string, init?: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetcher(path, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch {
    return { ok: false, status: 0, code: 0, message: "Network error. Please check your connection." };
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) {
    const error = body as Partial<ErrorEnvelope> | null;
    return {
      ok: false,
      status: response.status,
      code: response.status,
      message: error?.message ?? "Something went wrong",
      ...(error?.errors ? { errors: error.errors } : {}),
    };
  }
  return { ok: true, ...body };
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

const toQuery = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  return search.toString();
};

/** The one typed client of the store's API, used by loaders on the server and by components in the browser. */
export function createApiClient(fetcher: ApiFetch) {
  return {
    categories: () => call<{ data: Category[] }>(fetcher, "/categories/category"),
    products: (params: ProductListParams) =>
      call<Omit<ProductListResponse, "code" | "message">>(
        fetcher,
        `/products/get-products?${toQuery(params)}`,
      ),
    product: (id: string | number) =>
      call<{ data: ProductDetail }>(fetcher, `/products/get-product?${toQuery({ id: String(id) })}`),
    /** Staff only; from the browser it carries the session cookie and Sec-Fetch-Site. */
    deleteProduct: (id: number) =>
      call<{ message: string }>(fetcher, `/products/delete-product?${toQuery({ id })}`),
    /** Staff: the files go as multipart in the repeated field `files`; `files` of the answer are media ids. */
    uploadImages: (files: { blob: Blob; name: string }[]) => {
      const form = new FormData();
      for (const file of files) form.append("files", file.blob, file.name);
      return call<{ message: string; files: string[]; data: UploadedImage[] }>(
        fetcher,
        "/utils/upload-images",
        { method: "POST", body: form },
      );
    },
    addProduct: (draft: ProductDraftInput) =>
      call<{ message: string; data: { _id: number } }>(fetcher, "/products/add-product", postJson(draft)),
    updateProduct: (update: ProductUpdateInput) =>
      call<{ message: string; data: { _id: number } }>(fetcher, "/products/update-product", postJson(update)),
    setProductVisibility: (id: number, visible: boolean) =>
      call<{ message: string }>(fetcher, "/products/set-visibility", postJson({ id, visible })),
    staffProduct: (id: string | number) =>
      call<{ data: StaffProduct }>(fetcher, `/products/get-product-for-staff?${toQuery({ id: String(id) })}`),
    sendContact: (message: ContactMessage) =>
      call<{ message: string }>(fetcher, "/contact/get-contact", postJson(message)),

    register: (form: RegisterRequest) =>
      call<{ message: string; token: string; data: { email: string; resendAvailableInSeconds: number } }>(
        fetcher,
        "/users/register",
        postJson(form),
      ),
    /** With the registration token as Bearer when the browser has it, else by e-mail. */
    verifyOtp: (body: VerifyOtpRequest, registrationToken?: string) =>
      call<{ message: string; data: SessionUser }>(
        fetcher,
        "/users/register-verify-otp",
        postJson(body, bearer(registrationToken)),
      ),
    resendOtp: (email: string | undefined, registrationToken?: string) =>
      call<{ message: string; data: { resendAvailableInSeconds: number } }>(
        fetcher,
        "/users/resend-otp",
        postJson(email ? { email } : {}, bearer(registrationToken)),
      ),
    login: (credentials: LoginRequest) =>
      call<{ message: string; data: SessionUser }>(fetcher, "/users/login", postJson(credentials)),
    logout: () => call<{ message: string }>(fetcher, "/users/logout", postJson({})),
    forgotPassword: (body: ForgotPasswordRequest) =>
      call<{ message: string }>(fetcher, "/users/forgot-password", postJson(body)),
    resetPassword: (body: ResetPasswordRequest) =>
      call<{ message: string }>(fetcher, "/users/reset-password", postJson(body)),
    me: () => call<{ data: Profile[] }>(fetcher, "/users/get-me"),
    users: (query: { group: string; page: number }) =>
      call<{ data: UserSummary[]; pagination: { page: number; limit: number; total: number } }>(
        fetcher,
        `/users/get-users?${toQuery(query)}`,
      ),
    updateRole: (body: UpdateRoleRequest) =>
      call<{ message: string; data: UserSummary }>(fetcher, "/users/update-role", postJson(body)),

    addresses: () => call<{ data: Address[] }>(fetcher, "/addresses/my-addresses"),
    addAddress: (address: AddressInput) =>
      call<{ message: string; data: Address }>(fetcher, "/addresses/add-address", postJson(address)),
    updateAddress: (address: AddressInput & { id: number }) =>
      call<{ message: string; data: Address }>(fetcher, "/addresses/update-address", postJson(address)),
    priceCart: (items: BagLine[]) =>
      call<{ data: PricedCart }>(fetcher, "/orders/price-cart", postJson({ items })),
    /** One key per checkout attempt: a retried or double-clicked Place Order finds the same order. */
    placeOrder: (order: Omit<PlaceOrderRequest, "items"> & { items: BagLine[] }, idempotencyKey: string) =>
      call<{ message: string; data: { orderId: string; phonePe: { checkoutUrl: string } } }>(
        fetcher,
        "/orders/place-order",
        postJson(order, { "idempotency-key": idempotencyKey }),
      ),
    myOrders: () => call<{ data: Order[] }>(fetcher, "/orders/my-orders"),
    order: (id: string) => call<{ data: Order }>(fetcher, `/orders/get-order?${toQuery({ id })}`),
    /** The payment callback's poll; it makes the server ask PhonePe about an unsettled payment. */
    orderStatus: (orderId: string) =>
      call<{ data: OrderStatusView }>(fetcher, "/orders/get-order-status", postJson({ orderId })),
    /** Staff: Received Orders, an order's details, its status changes, the dashboard's numbers. */
    adminOrders: (query: AdminOrdersQuery) =>
      call<{ data: Order[]; pagination: { page: number; limit: number; total: number } }>(
        fetcher,
        `/orders/get-admin-orders?${toQuery(query as Record<string, string | number | undefined>)}`,
      ),
    orderDetails: (id: string) =>
      call<{ data: StaffOrderDetails }>(fetcher, `/orders/get-order-details?${toQuery({ id })}`),
    updateOrderStatus: (body: UpdateOrderStatusRequest) =>
      call<{ message: string; data: StaffOrderDetails }>(
        fetcher,
        "/orders/update-order-status",
        postJson(body),
      ),
    dashboard: () => call<{ data: Dashboard }>(fetcher, "/admin/dashboard"),
    /** The order card's refresh icon (spec: POST /phonepe/get-order-status). */
    refreshOrderStatus: (orderId: string) =>
      call<{ data: OrderStatusView }>(fetcher, "/phonepe/get-order-status", postJson({ orderId })),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
