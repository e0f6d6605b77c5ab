import { youtubeEmbedUrl } from "@contract/youtube";
import { useEffect, useState } from "react";
import { type Help, listAllHelps } from "../../api/helps";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import { PageSpinner } from "../../components/Spinner";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";
import { allowed } from "../../stores/session";

/** The video in YouTube's privacy-enhanced player (the page's CSP frames that host only), whatever form it was typed in. */
function Player({ help }: { help: Help }) {
  const t = useT();
  const src = youtubeEmbedUrl(help.video);
  if (!src) return <p className="text-sm text-muted">{t("helps.unplayable")}</p>;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
      <iframe
        title={help.title}
        src={src}
        data-testid="help-player"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        className="size-full"
      />
    </div>
  );
}

/** /helps (R-LIB-8): the help videos as a grid; a card opens the video in a modal. */
export default function HelpsPage() {
  const t = useT();
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [playing, setPlaying] = useState<Help | null>(null);
  useEffect(() => {
    listAllHelps().then(setHelps, (err) => {
      toastError(err);
      setHelps([]);
    });
  }, []);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:px-8">
      <PageTitle>{t("helps.pageTitle")}</PageTitle>
      {!helps ? (
        <PageSpinner />
      ) : helps.length === 0 ? (
        <div className="rounded-card border border-line bg-surface shadow-card">
          <EmptyState icon="video" title={t("helps.empty")} hint={t(allowed("helps:manage") ? "helps.emptyHintSuper" : "helps.emptyHintUser")} />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {helps.map((h) => (
            <button
              key={h.id}
              type="button"
              data-testid="help-card"
              onClick={() => setPlaying(h)}
              className="group flex flex-col overflow-hidden rounded-card border border-line bg-surface text-left shadow-card transition-colors hover:border-brand-500"
            >
              <span className="flex aspect-video items-center justify-center bg-gradient-to-br from-brand-600 to-brand-800 text-white">
                <span className="flex size-14 items-center justify-center rounded-full bg-white/20 transition-transform group-hover:scale-110">
                  <Icon name="play" className="size-7" />
                </span>
              </span>
              <span className="flex flex-col gap-1 p-4">
                <span className="font-semibold text-ink">{h.title}</span>
                {h.description && <span className="line-clamp-2 text-sm text-muted">{h.description}</span>}
              </span>
            </button>
          ))}
        </div>
      )}
      <Modal open={!!playing} onClose={() => setPlaying(null)} title={playing?.title ?? ""} size="lg">
        {playing && <Player help={playing} />}
      </Modal>
    </div>
  );
}
