/** The wire shape of a help video (core.md §3 Help); `video` is a public YouTube id. */
export interface HelpDto {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
}
