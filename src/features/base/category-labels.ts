import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BaseCategory } from '../../../contract/schemas/base';

export const CATEGORY_LABELS: Record<BaseCategory, MessageDescriptor> = {
  liftManufacturer: msg`Lift manufacturers`,
  driveType: msg`Drive types`,
  doorType: msg`Door types`,
  buildingType: msg`Building types`,
  cableType: msg`Cable types`,
  sparePart: msg`Spare parts`,
};
