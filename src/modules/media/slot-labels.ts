import { GALLERY_SLOT_KEYS, IMAGE_SLOTS, PAIR_SLOT_KEYS } from '@relining/contracts/site-content';

/** Every slot's label by key: the image slots, the pairs and the gallery places. */
export function slotLabel(key: string): string {
  if (Object.hasOwn(IMAGE_SLOTS, key)) return IMAGE_SLOTS[key as keyof typeof IMAGE_SLOTS].label;
  const pair = PAIR_SLOT_KEYS.indexOf(key as never);
  if (pair >= 0) return `Home page: before & after ${pair + 1}`;
  const place = GALLERY_SLOT_KEYS.indexOf(key as never);
  if (place >= 0) return `RapidResin: gallery photo ${place + 1}`;
  return key;
}
