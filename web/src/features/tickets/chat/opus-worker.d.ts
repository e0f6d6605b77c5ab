/** opus-recorder's encoder worker, imported as a file: the bundler answers its URL. */
declare module "opus-recorder/dist/encoderWorker.min.js" {
  const url: string;
  export default url;
}
