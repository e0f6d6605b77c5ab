/** The announcements module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export {
  announcementFile,
  announcementKey,
  createAnnouncement,
  deleteAnnouncement,
  imageType,
  listAnnouncements,
  setAnnouncementMedia,
  showAnnouncement,
  updateAnnouncement,
} from "./service";
