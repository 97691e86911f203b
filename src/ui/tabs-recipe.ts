import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { addRecipes } from '../../ui/system';

// Only the lift detail has tabs: their recipe comes with its screen, off the shell's first load
// (src/ui/system.ts). Import this module for its effect before the tabs render.
addRecipes({}, { tabs: tabsSlotRecipe });
