/** Full-page navigations, kept in one place so tests can observe them. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  setHref(url: string): void {
    window.location.href = url;
  },
  reload(): void {
    window.location.reload();
  },
  currentPath(): string {
    return `${window.location.pathname}${window.location.search}`;
  },
};
