/** The wire shape of a help video (R-LIB-8); `video` is a public YouTube id. */
export interface HelpDto {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
}
