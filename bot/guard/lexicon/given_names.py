"""Given names that an English word list also carries as obscure lowercase words.

The dictionary the vocabulary leans on lists "maria" (lunar seas), "anna" (a coin), "marco",
"sophia" and many more, so a sentence-initial "Maria steps in" read as an English word opening
its sentence and nobody arrived. These are names people carry in most settings a campaign picks;
names that are also everyday English ("Grace", "Rose", "Will", "June") are left out on purpose:
for those the sentence's verb still decides.
"""

from __future__ import annotations

GIVEN_NAMES: frozenset[str] = frozenset("""
aaliyah abigail ada adele adriana agatha agnes ahmed aiko aisha akira alba alberto aleksandr
alessandra alexei alfonso ali alina alma amelia amira amy ana anastasia andrea andrei andres
angela angelo anika anna annika anton antonio anya arjun astrid ayla beatrix bianca boris
camila camilla carla carlos carmen caroline catalina celeste chiara clara claudia cora dagny
daniela dante dario dmitri dolores dora elena eleni elisa elise elsa emil emilia emma enzo
erik esme esther eva fatima felix fiona francesca freya friedrich gemma giorgio giovanni
giulia greta gunnar hana hannah hans haruki hassan heidi helga hiro hugo igor ilse ines ingrid
irina isabel isabella ivan jamal javier josie juan julia juliana julio karin katarina katya
kenji khalid klaus lars laura layla leila lena leon leonora liam lina lorenzo lucia lucy luis
luka lupe magda maja malik marco marek margit maria mariana marina marta marthe mateo matteo
maya mei mila mina miriam molly nadia natalia natasha nika nikolai nils noor olga omar oskar
pablo paolo petra pietro pilar priya rafael rania rashid ravi rosa rosalind rosario ruth
sakura samara samir sancho sanjay sara sasha selma sergei sienna sigrid silvia sofia sonja
sophia stefan stella sven tariq tatiana tomas ulrich ursula valentina vera viktor wilhelm
yara yasmin yuki yuri zara zeynep zoe
""".split())
