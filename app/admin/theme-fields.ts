/** The seasonal theme form's fields (browser-safe: the page and its action both name them). */
export const THEME_FIELDS = [
  { name: "name", id: "theme-name", label: "Theme name", hint: "As the site's styles know it: christmas, black-friday, christmas-egift." },
  { name: "brand", id: "theme-brand", label: "Site" },
  { name: "startsAt", id: "theme-starts", label: "Starts (UK and Irish time)" },
  { name: "endsAt", id: "theme-ends", label: "Ends (UK and Irish time)" },
  { name: "priority", id: "theme-priority", label: "Priority", hint: "When windows overlap, the highest priority wins." },
] as const;
