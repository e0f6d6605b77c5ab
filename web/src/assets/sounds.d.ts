/** Sound files bundled by Bun.build: importing one answers its hashed URL. */
declare module "*.mp3" {
  const url: string;
  export default url;
}
