import { avatarSlotRecipe } from 'chakra-theme/recipes/avatar';
import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { collapsibleSlotRecipe } from 'chakra-theme/recipes/collapsible';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { toastSlotRecipe } from 'chakra-theme/recipes/toast';
import { addRecipes } from './system';

// The recipes of the components after sign-in and of the message bar. Import this module (for
// its effect) from a lazily loaded module whose Chakra components need more than the sign-in
// page's recipes (ui/system.ts); a component without its recipe renders unstyled.
addRecipes(
  { badge: badgeRecipe, textarea: textareaRecipe },
  {
    avatar: avatarSlotRecipe,
    collapsible: collapsibleSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    field: fieldSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    table: tableSlotRecipe,
    toast: toastSlotRecipe,
  },
);
