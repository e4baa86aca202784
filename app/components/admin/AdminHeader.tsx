import { CsrfField } from "../CsrfField";

/** The back office's header: its name, and once signed in the member's name and role with the two ways to sign out. */
export function AdminHeader({ member, csrfToken }: { member?: { name: string; roleLabel: string }; csrfToken?: string }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4 border-b-4 border-brand pb-4">
      <a href="/admin" className="text-xl font-bold text-brand-dark">
        Back office
      </a>
      {member && csrfToken && (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            <span className="font-bold">{member.name}</span> <span data-testid="staff-role">({member.roleLabel})</span>
          </p>
          <form method="post" action="/admin/logout">
            <CsrfField token={csrfToken} />
            <button type="submit" className="rounded border border-brand px-3 py-1 font-bold text-brand-dark">
              Sign out
            </button>
          </form>
          <form method="post" action="/admin/logout">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="everywhere" value="1" />
            <button type="submit" className="rounded border border-gray-500 px-3 py-1">
              Sign out everywhere
            </button>
          </form>
        </div>
      )}
    </header>
  );
}
