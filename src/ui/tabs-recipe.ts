import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { addRecipes } from './system';

// Tabs are on a few screens only (the lift detail, the tableau templates): their recipe comes with
// those screens, off the shell's first load (src/ui/system.ts). Import this module for its effect
// before the tabs render; without it the tabs draw unstyled, their labels run together.
addRecipes({}, { tabs: tabsSlotRecipe });
