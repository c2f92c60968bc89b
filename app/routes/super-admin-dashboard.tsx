import { useEffect, useRef } from "react";
import { data, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { ROLE, USER_GROUPS } from "#contract/accounts-rules";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { GroupTabs, Pagination, type UserGroup } from "~/admin/users-navigation";
import { UsersTable } from "~/admin/users-table";
import { FormNotice } from "~/components/form-field";
import { BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { updateRoleCall, getUsersCall } from "#contract/accounts";
import { callWithForm } from "~/lib/form-reading";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/super-admin-dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Super Admin Dashboard",
    description: "Staff and customers of the store.",
    url: absoluteUrl(matches, href("/super-admin-dashboard")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** ?group=staff|customers&page=N: one page (20 accounts, the API's page size) of one group. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, [ROLE.superAdmin]);
  const params = new URL(request.url).searchParams;
  const group: UserGroup = USER_GROUPS.find((name) => name === params.get("group")) ?? "staff";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1);
  const result = await context.api(getUsersCall, { group, page });
  if (!result.ok) return { group, page, users: [], pages: 1, total: 0, error: result.message };
  const { total, limit } = result.pagination;
  return {
    group,
    page,
    users: result.data,
    total,
    pages: Math.max(1, Math.ceil(total / limit)),
    error: null,
  };
}

const FAILED = "The role could not be changed. Please try again.";

/** Makes a user an admin (roleId 2) or a customer again (roleId 3); the API checks who may. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callWithForm(context.api, request, updateRoleCall);
  if (result.ok) return { ok: true as const, message: result.message };
  return data(
    { ok: false as const, message: result.message || FAILED },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

export default function SuperAdminDashboard() {
  const { group, page, users, total, pages, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const savingUserId = navigation.state === "submitting" ? navigation.formData?.get("userId") : undefined;

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast("success", answer.message);
    else toast("error", "Error", answer.message);
  }, [answer]);

  // A changed role moves the account to the other list, and its confirm button goes with it: the keyboard
  // goes to the answer.
  const status = useRef<HTMLDivElement>(null);
  const answered = Boolean(answer) && navigation.state === "idle";
  useEffect(() => {
    if (answered && (document.activeElement === document.body || document.activeElement === null))
      status.current?.focus();
  }, [answered, answer]);

  const groupName = group === "staff" ? "Staff" : "Customers";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Super admin</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Super Admin Dashboard</h1>
          <p className="mt-2 text-muted">Make a customer an admin, or take it back.</p>
        </div>
        <div className="flex flex-wrap gap-3 self-start sm:self-auto">
          <Link to={href("/admin/settings")} className={BUTTON_SECONDARY}>
            Store settings
          </Link>
          <Link to={href("/admin-dashboard")} className={BUTTON_SECONDARY}>
            Admin Dashboard
          </Link>
        </div>
      </div>

      <section aria-labelledby="users-title" className="mt-8">
        <h2 id="users-title" className="sr-only">
          {groupName}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <GroupTabs current={group} />
          {!error && <p className="text-sm text-muted">{countOf(total, group)}</p>}
        </div>

        {/* Present from the start, so that a screen reader announces each new answer. */}
        <div role="status" ref={status} tabIndex={-1} className="outline-none">
          {answer && navigation.state === "idle" ? (
            <FormNotice tone={answer.ok ? "success" : "error"} className="mt-4">
              {answer.message}
            </FormNotice>
          ) : null}
        </div>

        {error ? (
          <FormNotice tone="error" className="mt-4">
            {error}
          </FormNotice>
        ) : users.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-white px-6 py-12 text-center text-muted ring-1 ring-brand-100">
            {page > 1 ? "No accounts on this page." : `No ${group === "staff" ? "staff" : "customers"} yet.`}
          </p>
        ) : (
          <UsersTable
            users={users}
            caption={`${groupName}, page ${page} of ${pages}`}
            savingUserId={typeof savingUserId === "string" ? Number(savingUserId) : undefined}
          />
        )}

        {pages > 1 && <Pagination group={group} page={page} pages={pages} />}
      </section>
    </div>
  );
}

const countOf = (total: number, group: UserGroup) =>
  group === "staff"
    ? `${total} staff ${total === 1 ? "account" : "accounts"}`
    : `${total} ${total === 1 ? "customer" : "customers"}`;
