"""Named kinds within an item family, from WordNet 3.0's two-word nouns ("tommy gun", "hunting knife").

Why: "my gun" is satisfied by a held revolver (``ITEM_FAMILIES``), but "my tommy gun" names a
kind of its own that a revolver is not. A phrase that is one of these compounds only matches a
held item with the same last word. Derived from WordNet's ``index.noun``: every two-word
collocation whose last word is a word of an ``ITEM_FAMILIES`` family.
"""

# Derived from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
# (See ``wordnet_data.py`` for the licence text.)

COMPOUND_KINDS = frozenset(
    s.strip()
    for s in """
    acapulco gold, aeolian harp, aeolian lyre, air gun, air hammer, air horn, air mail, air
    rifle, alpine gold, american copper, anchor light, anterior horn, antiaircraft gun, arc
    lamp, arc light, assault gun, assault rifle, atomic weapon, automatic firearm, automatic
    gun, automatic pistol, automatic rifle, automatic weapon, automobile horn, ball club,
    baritone horn, baseball club, bass drum, bass fiddle, bass horn, basset horn, bb gun, beacon
    light, bengal light, big gun, big money, billy club, biological weapon, blister copper,
    blood money, blue pike, boat club, body armor, body armour, bofors gun, bolo knife, bongo
    drum, bowie knife, brake drum, brake light, brandy sling, brass instrument, bread knife,
    bren gun, broad hatchet, buggy whip, bulk mail, bull fiddle, burp gun, butcher knife, butter
    knife, calcium light, canadian shield, cape horn, car horn, carving knife, case knife,
    cavalry sword, chain armor, chain armour, chain mail, chain pike, champagne flute, cheap
    money, chemical mace, chemical weapon, chess club, chinese lantern, clasp knife, claw
    hammer, claw hatchet, coin silver, commercial instrument, common axe, conscience money,
    country club, croquet mallet, cutting tool, dark lantern, davy lamp, dayton axe, dead mail,
    debt instrument, dental gold, derivative instrument, direct mail, dirty money, discharge
    lamp, dorsal horn, double dagger, double gold, drafting instrument, drift net, drop hammer,
    earnest money, easy money, edge tool, electric hammer, electric lamp, electric light,
    electron gun, electronic instrument, electronic mail, english horn, entrance money,
    entrenching tool, express mail, fairy lantern, fairy light, fan blade, fan mail, farm club,
    fencing sword, fiat money, field gun, fipple flute, first light, fish knife, fishing net,
    flash lamp, flick knife, flood lamp, floor lamp, fluorescent lamp, folding money, free
    lance, french horn, garand rifle, garden tool, gas gun, gas lamp, gatling gun, general
    staff, german silver, gill net, gin sling, glee club, glow lamp, golden club, golf club,
    grainy club, graving tool, green gold, green light, guiding light, guinea gold, guitar pick,
    hair tonic, half hatchet, hand axe, hand tool, harpoon gun, hate mail, headquarters staff,
    health club, hearth money, heat lamp, heat shield, heavy weapon, hired gun, horse pistol,
    hunt club, hunting knife, hurricane lamp, hurricane lantern, hush money, ice axe, ice pick,
    idiot light, incandescent lamp, indian club, indicator lamp, infrared lamp, infrared light,
    inner light, international candle, investors club, jockey club, junk mail, kerosene lamp,
    kerosine lamp, keyboard instrument, klieg light, knife blade, landing net, lawn tool,
    leading light, leaf blade, legal instrument, linoleum knife, lions club, little horn,
    machine gun, machine pistol, machine rifle, machine tool, magic lantern, maintenance staff,
    maundy money, maxim gun, measuring instrument, medical instrument, metal drum, metal money,
    minute gun, mosaic gold, mosquito net, motor horn, mouth bow, mouth harp, musical
    instrument, naval gun, navigation light, navigational instrument, negotiable instrument,
    neon lamp, neural net, nickel silver, night club, nipple shield, northern pike, nose flute,
    nuclear club, nuclear weapon, office staff, oil lamp, old gold, old money, optical
    instrument, oxyacetylene torch, paintball gun, palette knife, panel light, paper gold, paper
    knife, paper money, paring knife, party whip, percussion instrument, percussive instrument,
    pilot lamp, pilot light, pin money, plate armor, plate armour, pneumatic hammer, pocket
    knife, pocket money, polo mallet, post horn, pound net, powder horn, power hammer, power
    tool, precision rifle, prize money, prune whip, pruning knife, pure gold, putty knife,
    quaker gun, quartz lamp, racket club, ransom money, reading lamp, ready money, rear lamp,
    rear light, red drum, red light, reed instrument, reed mace, registered mail, repeating
    firearm, research staff, riding lamp, riding light, ring armor, ring armour, ring mail, riot
    gun, roman candle, room light, rotary club, rotor blade, rowing club, rudder blade, rum
    sling, running light, rush candle, saddle horn, safety lamp, safety net, sales staff, sand
    lance, scientific instrument, sealed instrument, second fiddle, security staff, seed money,
    semiautomatic firearm, semiautomatic pistol, service club, service staff, set gun, shaping
    tool, sheath knife, ship money, shoulder blade, side drum, signal light, slate club,
    sleeping draught, slit lamp, smart money, smoking gun, snail mail, snare drum, sniper rifle,
    social club, soft money, sound bow, spanish dagger, spending money, spindle horn, spirit
    lamp, spray gun, spring gun, squirt gun, standard candle, staple gun, steak knife, steel
    drum, sten gun, sterling silver, storm lamp, storm lantern, straight flute, street lamp,
    stringed instrument, striped drum, strobe light, student lamp, stun gun, submachine gun, sun
    lamp, sunray lamp, supper club, surface mail, surgical instrument, surgical knife, surveying
    instrument, switchblade knife, table knife, table lamp, tack hammer, tail lamp, tennis club,
    tenor drum, theater light, tight money, tire tool, token money, tommy gun, tornado lantern,
    traffic light, trammel net, transit instrument, transverse flute, trawl net, treble staff,
    trench knife, ultraviolet lamp, ultraviolet light, ventral horn, verey pistol, vertical
    flute, very light, very pistol, vigil candle, vigil light, violin bow, visible light, voice
    mail, volleyball net, walleyed pike, warning light, water gun, water hammer, water pistol,
    wax light, western axe, whaling gun, white gold, wind harp, wind instrument, wiper blade,
    woodwind instrument, yacht club, yellow light, zip gun, zodiacal light
    """.split(",")
    if s.strip()
)

# Two-word nouns whose commonest sense is a made thing to carry although their last word is not
# one, or is one a room plausibly has ("a music box" is no box of the room's, "a Molotov cocktail"
# no drink): derived from WordNet's ``index.noun`` and the lexicographer class of the first sense.
COMPOUND_ARTEFACTS = frozenset(
    s.strip()
    for s in """
    a battery, abney level, abrading stone, abstract expressionism, acapulco gold, accelerator
    pedal, accumulator register, ace inhibitor, acetate disk, acetylsalicylic acid, acorn tube,
    acoustic storage, action mechanism, action painting, adhesive plaster, adjustable wrench,
    aerial torpedo, african tea, after part, air bag, air conditioner, air conditioning, air
    jacket, air spring, airline business, alkylating agent, allen screw, allen wrench, alligator
    wrench, alms box, alpha blocker, alphanumeric display, american organ, amitriptyline
    hydrochloride, amlodipine besylate, ammunition chest, amobarbital sodium, amphetamine
    sulfate, amphetamine sulphate, amyl nitrate, anacin iii, anaesthetic agent, analytical
    balance, anchor chain, anchor light, and gate, anesthetic agent, angel dust, angiogenesis
    inhibitor, angiotensin i, angiotensin ii, angle iron, antianxiety agent, antifungal agent,
    antimycotic agent, antipsychotic agent, antispasmodic agent, antiviral agent, arabian tea,
    arc lamp, arc light, arch support, architectural plan, arm band, armillary sphere, armor
    plate, armorial bearing, armour plate, arrester hook, art object, artesian well, artificial
    flower, artificial heart, artificial horizon, artificial joint, artificial kidney,
    artificial lake, artificial pacemaker, artificial skin, asparagus bed, aspirin powder,
    assembly line, astatic coils, ataractic agent, atom smasher, atomic cocktail, atomic pile,
    attache case, audio cd, audiovisual aid, auto accessory, auto part, autograph album,
    automated teller, automatic drive, automatic teller, automatic transmission, automatic
    washer, automobile battery, auxiliary storage, ax head, axe head, axle bar, b battery, baby
    grand, baby oil, baby powder, back breaker, back pack, back saw, backgammon board, bacteria
    bed, badminton court, badminton racket, baffle board, balance beam, ball bearing, ball cock,
    ball field, ball valve, balloon seat, ballot box, band aid, band saw, bangalore torpedo,
    baptismal font, bar bit, bar mask, bar printer, barrel knot, barrel organ, barrel vault,
    barrier strip, bas relief, baseball bat, baseball diamond, baseball field, baseball mitt,
    basketball court, basketball hoop, bath oil, bath powder, bath salts, battery charger,
    batting cage, battle sight, bay rum, bb shot, beading plane, beam balance, beam scale,
    beauty spot, beaver board, becket bend, bed clothing, bed covering, bed pillow, bed sheet,
    bedding material, beer barrel, beer bottle, beer glass, beer keg, beer mug, bell glass, bell
    jar, bell push, bell seat, belt bag, bench hook, bend dexter, beta blocker, bevel square,
    bicycle chain, bicycle seat, big blue, big board, big h, big hand, bilge keel, billy club,
    bimetallic strip, bin liner, bird feeder, bird shot, birdcage mask, bite plate, black box,
    blackwall hitch, blade bit, blasting cap, blasting gelatin, blind bend, blind corner, blind
    curve, blister pack, block plane, blocking agent, blood knot, blow drier, blue angel, blunt
    file, board rule, boat hook, boat whistle, body armour, body bag, bolt cutter, boob tube,
    booby prize, book bag, book binding, boom box, booster cable, booster rocket, booster shot,
    booster station, booster unit, bordeaux mixture, bore bit, boron chamber, bottle bank,
    bottle opener, bottle screw, bouncing betty, bowline knot, box beam, box kite, box kodak,
    box spring, box wrench, boxing ring, brace wrench, brake band, brake disk, brake pad, brake
    pedal, branding iron, brandy glass, brass monkey, bread board, breaker point, breeches buoy,
    bristle brush, brokerage house, brompheniramine maleate, bronze medal, brussels carpet,
    bubble pack, bucket seat, buffer storage, buffer store, bull tongue, bulldog wrench,
    bulletin board, bullnosed plane, bumper guard, bumper jack, burial garment, burlap bag, burn
    bag, bursting charge, bus line, bushel basket, business line, butacaine sulfate, butcher
    board, butt end, butt joint, butt pack, butt shaft, butt weld, butterfly nut, butterfly
    valve, button hole, butyl nitrite, buzz saw, c battery, calash top, calcium blocker, calcium
    light, caller id, calvary cross, camera lucida, camphor ice, can opener, canister shot,
    cannon cracker, canopic jar, cant dog, cant hook, canton crepe, cap opener, cap screw, car
    battery, car mirror, car part, car seat, car window, carbon arc, carbon copy, carbon
    dichloride, cardiac monitor, carling float, carpet beater, carpet pad, carpet sweeper,
    carpet tack, carriage bolt, carriage wrench, carrick bend, carrier bag, carron oil,
    cartridge ejector, cartridge remover, carving fork, cascade liquefier, case shot, cash
    register, cassette player, castor oil, cat box, cat cracker, cat scan, cat scanner,
    catalytic cracker, caterpillar track, caterpillar tread, catsup bottle, cd drive, cd player,
    cedar chest, celestial globe, celtic cross, cement mixer, center bit, center field, center
    punch, central processor, centre bit, cereal bowl, cereal box, cervical cap, chain armour,
    chain mail, chain printer, chain saw, chain wrench, chalk line, chalk pit, chamfer bit,
    chamfer plane, chamois cloth, character printer, checker board, cheese cutter, cheese press,
    chemical balance, chess board, cheval glass, chin rest, chinese puzzle, chinning bar,
    chloral hydrate, chlorpheniramine maleate, choke coil, choking coil, chop shop, chopping
    board, cider mill, cigar band, cigar box, cigar cutter, cigar lighter, cigarette case,
    cigarette lighter, circuit board, circuit breaker, circular file, circular plane, circular
    saw, clack valve, clapper valve, clay pigeon, cleaning pad, cleansing agent, climbing iron,
    cling film, clip lead, clock face, clock radio, clomiphene citrate, clopidogrel bisulfate,
    clot buster, cloth covering, clothes basket, clothes drier, clothes hanger, clothes tree,
    clout nail, clove hitch, club head, clutch bag, clutch pedal, coat hanger, coat tree, coax
    cable, coaxial cable, cocktail shaker, coffee cup, coffee grinder, coffee maker, coffee
    mill, coffee mug, coffin nail, coil spring, coin bank, coin blank, coin box, coin slot, cold
    cream, cold frame, cold medicine, collection plate, collet chuck, cologne water, color
    television, color tube, color tv, coloring book, colour television, colour tube, colour tv,
    combination plane, commodities exchange, commodities market, commodity exchange, common ax,
    compact disk, compass plane, compass saw, computer accessory, computer backup, computer
    display, computer graphics, computer memory, computer monitor, computer mouse, computer
    network, computer storage, concert grand, concrete mixer, cone clutch, conformal projection,
    congress gaiter, conic projection, conical projection, consumer goods, contact arm, contact
    print, contour sheet, control board, control grid, control stick, controlled substance,
    cookie cutter, cookie jar, cookie sheet, cooky jar, cooling tower, coping saw, coping stone,
    cor anglais, corbel step, core bit, core memory, cork jacket, corn exchange, corner post,
    corrugated fastener, corrugated iron, cotton gin, counter tube, countersink bit, court
    plaster, cover glass, cover plate, cover slip, cover song, cover version, cpu board, cracker
    bonbon, cramp iron, cream pitcher, crescent wrench, crew neck, cribbage board, cricket bat,
    crochet hook, crochet needle, crock pot, crookes tube, cross bit, cross hair, crosscut saw,
    crow step, crown saw, cruise control, crystal counter, crystal pickup, crystal set, cucking
    stool, cue stick, cup hook, curb bit, curb market, curb roof, curling iron, curtain ring,
    custard pie, cut glass, cutaway drawing, cutaway model, cutoff saw, cutting board, cylinder
    head, cylinder press, cyma recta, cyma reversa, dado plane, daisy cutter, daisywheel
    printer, damp course, dance floor, dandle board, darning needle, dart board, dart thrower,
    data link, data processor, data track, davis cup, davy lamp, day camp, dayton ax, death
    chair, death chamber, death mask, death seat, deckle edge, delay line, delayed action,
    demeclocycline hydrochloride, dental plate, depicted object, deposit box, depth charge,
    depth finder, dessert plate, dessert spoon, dextroamphetamine sulphate, dialog box, diamond
    point, diapason stop, dice box, dice cup, diclofenac potassium, diclofenac sodium, diethyl
    ether, diethylbarbituric acid, diffraction grating, digital display, digital scanner, dime
    bag, dinner bucket, dinner plate, dinner service, dinner set, dip circle, diphenylbutyl
    piperidine, direction finder, disc drive, discharge lamp, disco biscuit, dish aerial, dish
    washer, dishwasher detergent, dishwashing detergent, dishwashing liquid, disk access, disk
    cache, disk clutch, disk controller, disk drive, dispatch box, dispatch case, display
    adapter, display board, display case, distributor cap, distributor housing, distributor
    point, ditty bag, diving board, divinyl ether, dixie cup, dna chip, dog hook, dog wrench,
    doggie bag, doggy bag, dogstooth check, dolophine hydrochloride, dolphin striker, dot
    printer, double bass, double clinch, double reed, douche bag, dovetail joint, dovetail
    plane, doxepin hydrochloride, drafting board, drain basket, draining board, drawing board,
    drawing chalk, drawstring bag, dredging bucket, dress circle, dress hanger, dress rack,
    dressing case, drill bit, drill hole, drill press, drill site, drilling bit, drinking glass,
    drinking vessel, drip pot, drive line, driven well, driving iron, drone pipe, drop cloth,
    drop curtain, drop forge, drop keel, drop press, drug cocktail, drum printer, dry battery,
    dry fly, dry mustard, dry point, dry wall, duck shot, ducking stool, duffel bag, duffle bag,
    dumpy level, durable goods, durable press, dust bag, dust sheet, dusting powder, ear hole,
    earthenware jar, easy lay, ecce homo, egg cup, eightpenny nail, ejection seat, ejector seat,
    elastic band, electric battery, electric blanket, electric chair, electric eye, electric
    fire, electric lamp, electric light, electric meter, electric mixer, electric organ,
    electric outlet, electric pig, electric range, electric shaver, electric socket, electrical
    cable, electrical contact, electrical distributor, electrical outlet, electrical relay,
    electrical shunt, electron multiplier, electron tube, electronic balance, electronic image,
    electronic network, electronic organ, electronic scanner, electrostatic printer, embroidery
    needle, engagement ring, epicyclic train, epilating wax, erecting prism, escape cock, escape
    valve, espresso maker, estradiol patch, estrogen antagonist, ethacrynic acid, ethernet
    cable, ethyl aminobenzoate, ethyl chloride, ethyl ether, ethylene tetrachloride, evening
    bag, exercise bike, exercising weight, exhaust hood, exhaust valve, expansion bit, expansion
    bolt, expansion slot, expansive bit, explosive charge, explosive compound, explosive
    mixture, exposure meter, external drive, external storage, eye cup, face cloth, face cream,
    face guard, face mask, face pack, face powder, factory whistle, fairy light, fake book,
    false teeth, fan blade, fancy goods, fanny pack, feather bed, feeder line, feeding bottle,
    felt tip, fence rail, fencing mask, fencing stick, fenoprofen calcium, fetal monitor, field
    coil, field glass, field winding, figure eight, file folder, file server, film advance,
    filter bed, filter tip, fin keel, finger bowl, finger hole, finger plate, finish coat,
    finishing coat, fipple pipe, fire hook, fire iron, fire ship, firing mechanism, first base,
    fish joint, fish lure, fish slice, fishing line, fishing tackle, fishtail bit, fitted sheet,
    five iron, fixed disk, fixed storage, flash bulb, flash lamp, flash memory, flashlight
    battery, flat coat, flat file, flat knot, flat solid, flatbed press, flexible joint, flight
    indicator, flood lamp, floor board, floor covering, floor plan, floppy disk, floral
    arrangement, flour mill, flower arrangement, flower bed, flower chain, flue pipe, flue stop,
    fluid drive, fluorescent lamp, fluoxetine hydrocholoride, flurazepam hydrochloride, flush
    toilet, flushless toilet, flute glass, fly bridge, fly floor, fly front, fly gallery, fly
    sheet, flying bridge, flying carpet, flying drainpipe, foetal monitor, folding saw, food
    processor, food turner, foot pedal, foot rule, football field, football tee, force feed,
    fore edge, fore plane, forward market, foundation stone, fourpenny nail, frame buffer, free
    weight, french knot, french roof, friction clutch, front bench, front yard, fuel indicator,
    fuel injection, fuel pod, funnel web, furring strip, fusee drive, futures exchange, futures
    market, gable roof, gallows tree, galvanic battery, galvanic pile, gambrel roof, gamma
    hydroxybutyrate, garbage disposal, garboard plank, garden rake, garden roller, garlic press,
    garment bag, gas bracket, gas chamber, gas fitting, gas jet, gas lamp, gas meter, gas pedal,
    gas range, gas ring, gas tank, gas well, gasoline tank, gauffering iron, gear box, gear
    case, gear mechanism, geiger counter, geiger tube, gene chip, genre painting, geodesic dome,
    ghetto blaster, gladstone bag, glass eye, glass fiber, glass fibre, glasses case, glow lamp,
    glow tube, go board, goa powder, goffering iron, goggle box, gold braid, gold leaf, gold
    medal, gold plate, golden calf, golf bag, golf hole, golf tee, grab bar, grace cup, grade
    crossing, graduated cylinder, gran casa, granny knot, grappling hook, grappling iron, gravel
    pit, graven image, gravity meter, gravy boat, greek cross, greek fret, green goddess, grind
    organ, grocery bag, groined vault, gros point, ground bait, ground cable, ground cloth,
    ground control, ground plan, ground tackle, guitar pick, gun case, gun rest, gunny sack,
    gusset plate, guy cable, gymnastic horse, gypsum board, gyro horizon, hack saw, hair drier,
    hair gel, hair grease, hair mousse, hair oil, hair space, hair spray, hair tonic, hairpin
    bend, half binding, half hitch, hammond organ, hand ax, hand calculator, hand cream, hand
    glass, hand line, hand mirror, hand organ, hand saw, handball court, hard disk, hard drive,
    hard shoulder, harpoon line, harpoon log, hawser bend, hay conditioner, head gate, head
    restraint, headache powder, hearing aid, heart monitor, heat exchanger, heat lamp, heating
    element, heating pad, hedge trimmer, heel counter, hell dust, hempen necktie, heraldic
    bearing, herbal medicine, herringbone pattern, hex nut, high bar, high hat, high relief,
    highball glass, hinging post, hip roof, hipped roof, histamine blocker, hitching bar,
    hitching post, hockey puck, hockey stick, holy oil, home base, home court, home plate,
    homing torpedo, homolosine projection, honey oil, hook wrench, hop field, hope chest,
    horizontal bar, horizontal section, horizontal stabilizer, horizontal tail, horse blanket,
    hot line, hot pad, hot plate, hot seat, houndstooth check, hour hand, humming top, hunting
    crop, hurdy gurdy, hurricane lamp, hurricane roof, hydraulic press, hydraulic transmission,
    hydromorphone hydrochloride, hydroxyzine hydrochloride, hypodermic needle, ice ax, ice bag,
    ice chest, ice cube, ice maker, ice pack, ice pick, identikit picture, idiot box, ignition
    coil, image scanner, imitation leather, immunizing agent, impact printer, impramine
    hydrochloride, incandescent lamp, inclined plane, index register, indian club, indicator
    lamp, indirect lighting, induction coil, information superhighway, infrared lamp, ink
    bottle, inking pad, inside clinch, intake valve, intercom speaker, internal drive,
    ionization chamber, ionization tube, ipratropium bromide, iron lung, iron maiden, ironing
    board, isobutyl nitrite, jack plane, jacket crown, jarvik heart, jerusalem cross, jigsaw
    puzzle, jointer plane, jointing plane, jolly roger, journal bearing, journal box, jump seat,
    jumper cable, jumper lead, jumping jack, junction barrier, kerosene lamp, kerosine lamp,
    ketamine hydrochloride, ketchup bottle, ketorolac tromethamine, key pattern, key ring,
    keyboard buffer, keyhole saw, kick start, king post, kit bag, kitchen island, kitchen range,
    kite tail, klein bottle, klieg light, knife blade, knife edge, knitting needle, knockout
    drops, knuckle duster, kon tiki, labetalol hydrochloride, labial pipe, lag bolt, lag screw,
    lally column, lamp house, lamp housing, lamp shade, land line, landing stage, landscape
    painting, lap covering, lap joint, laser printer, latin cross, laugh track, laughing gas,
    launch area, launch pad, launching pad, laundry basket, laundry detergent, lay figure, lazy
    susan, lead line, leading edge, leaf spring, leather strip, ledercillin vk, ledger board,
    left field, lego set, leiden jar, lemon grove, lens cap, lens hood, letter box, letter case,
    letter opener, level crossing, lever scale, leyden jar, license plate, licorice stick, life
    buoy, life jacket, life mask, life preserver, life ring, life support, life vest, light arm,
    light bulb, light meter, light source, lightning conductor, line drawing, line printer, link
    trainer, linoleum cutter, lip balm, liqueur glass, liquid detergent, liquid ecstasy, litter
    basket, little hand, loading dock, lobster pot, lochaber ax, lock ring, lock washer, log
    line, logic element, logic gate, long horse, long iron, long pillow, long plane, long tom,
    looking glass, loony toons, loop knot, lorraine cross, loss leader, loud hailer, loud pedal,
    love knot, loving cup, low relief, lug wrench, machine bolt, machine screw, machine shop,
    mackinaw blanket, mae west, magazine rack, magic eye, magic realism, magnetic bottle,
    magnetic core, magnetic disk, magnetic head, magnetic needle, magnifying glass, magnum opus,
    magnus hitch, mail slot, main line, main yard, major suit, male plug, mansard roof, map
    projection, marching order, marshalling yard, mary jane, masking paper, mason jar, master
    copy, match plane, matrix printer, matthew walker, mattress pad, measuring cup, measuring
    stick, meat grinder, meat hook, meccano set, mechanical drawing, mechanical man, mechanical
    press, meclizine hydrochloride, meclofenamate sodium, medical dressing, mefenamic acid,
    mefloquine hydrochloride, melody pipe, memory access, memory board, memory cache, memory
    chip, meperidine hydrochloride, mercator projection, metal bar, metal saw, metal screw,
    metal wood, methadone hydrochloride, methamphetamine hydrochloride, methotrexate sodium,
    mexican green, mickey finn, micro chip, microphone boom, microprocessor chip, microscope
    stage, middle buster, minor suit, minute hand, mite box, miter box, miter joint, mitre box,
    mitre joint, mixing bowl, mizzen course, mobius strip, mod con, molotov cocktail, money box,
    monkey bridge, monkey wrench, monopoly board, mooring line, mother board, mourning band,
    mourning ring, moustache cup, mouth hole, mouth organ, movie film, mug shot, musette pipe,
    music box, music rack, musical box, mustache cup, mustard plaster, muzzle loader, nail
    enamel, nail hole, nail polish, nalidixic acid, nand gate, napkin ring, naproxen sodium,
    narcotic antagonist, narrow wale, naval chart, naval missile, navigation light, navigational
    chart, navy yard, neck opening, neck ruff, needle bearing, needlepoint embroidery, neon
    lamp, neon tube, neuroleptic agent, newel post, nicol prism, nine iron, nitrous oxide,
    nonvolatile storage, nose candy, nose drops, nose ring, notice board, nuclear rocket, nude
    painting, nude statue, numdah rug, nursing bottle, nux vomica, o ring, object glass, oil
    color, oil colour, oil future, oil lamp, oil painting, oil slick, oil well, old glory,
    olympian zeus, omnidirectional range, one iron, one shot, onion dome, open sight, openside
    plane, optical bench, optical disk, optical fiber, optical fibre, optical prism, or gate,
    orange grove, orb web, ordnance store, organ pipe, organ stop, orthochromatic film,
    orthomorphic projection, orudis kt, otc market, ouija board, outdoor stage, outlet box,
    outside clinch, outside mirror, overhand knot, overnight bag, overnight case, oxyacetylene
    torch, oxygen mask, oxytetracycline hydrochloride, oyster bank, oyster bed, oyster park,
    packaged goods, packing case, packing needle, packing nut, paddle box, page printer, paint
    roller, pancake turner, panchromatic film, pandean pipe, panel light, panoramic sight, pant
    leg, pants presser, papal cross, paper bag, paper chain, paper cup, paper cutter, paper
    fastener, paper feed, paper plate, paperback book, parabolic mirror, parallel port, parfait
    glass, parking meter, parlor grand, parlour grand, parquet circle, parquet floor, particle
    board, party favor, party favour, patent log, patent medicine, patriarchal cross, paving
    stone, pc board, pectoral medallion, peep sight, peg top, pencil box, pencil case, pencil
    lead, penicillin f, penicillin g, penicillin o, penicillin v, penny bank, pentobarbital
    sodium, pepper box, pepper grinder, pepper mill, pepper shaker, pepper spray, percussion
    cap, permanent press, personal organiser, personal organizer, pet scanner, petit point,
    petrol tank, petroleum future, phencyclidine hydrochloride, phillips screw, phone jack,
    phone line, phone plug, phonograph album, phonograph needle, phonograph record, photograph
    album, photographic emulsion, photographic film, photographic material, photographic paper,
    photographic plate, photographic print, piano action, pickle barrel, pickup arm, picture
    book, picture element, picture rail, picture tube, piece goods, pier glass, pier mirror,
    piezoelectric crystal, pig bed, piggy bank, pile driver, pill bottle, pillow slip, pilot
    bit, pilot chart, pilot cloth, pilot lamp, pilot light, pin table, pin wrench, pinch bar,
    pipe bowl, pipe cutter, pipe fitting, pipe organ, pipe wrench, piperocaine hydrochloride,
    pistol grip, piston ring, pitch pipe, pitching wedge, pitot head, pitot tube, pix chest,
    place setting, plane seat, plane table, plaster cast, plastic bag, plastic film, plastic
    wrap, plate armour, plate glass, plate iron, plate rail, plumb bob, plumb level, plumb line,
    plumb rule, plutonium pit, po box, pocket book, pocket calculator, pocket edition, pocket
    lighter, pogo stick, poker chip, polka dot, polo stick, polyconic projection, pommel horse,
    pool cue, pool stick, poor box, pop bottle, poppet valve, portable saw, post hole, postage
    meter, poster color, poster colour, posthole digger, potemkin village, potential divider,
    potty chair, potty seat, powdered mustard, power cable, power line, power meter, power
    module, power pack, power point, power saw, power steering, power takeoff, power train,
    prayer rug, precious stone, prescription medicine, press stud, pressure dome, pressure feed,
    primary coil, primary winding, primer coat, priming coat, print buffer, print shop, printer
    cable, printing press, printing shop, private line, prize ring, procaine hydrochloride,
    product line, production line, prolonge knot, proportional counter, propoxyphene
    hydrochloride, protease inhibitor, protective covering, proving ground, pruning hook,
    pruning saw, pry bar, psychoactive substance, psychotropic agent, pull chain, pulse counter,
    pump action, punch bag, punch bowl, punch press, push broom, putting iron, pyx chest,
    quarter plate, quartz crystal, quartz lamp, queen post, quinacrine hydrochloride, quirk
    molding, rabbet joint, rabbet plane, rabbit ears, radar dome, radiator cap, radio aerial,
    radio link, radio set, radio transmitter, railroad line, railroad tie, railroad track,
    railway line, railway yard, rain barrel, rain stick, ram disk, random memory, range finder,
    range hood, rayleigh disk, razor edge, real storage, reap hook, reaping hook, rear lamp,
    rear light, rear window, rearview mirror, receiving set, reciprocating saw, record changer,
    record jacket, record player, rectifying tube, rectifying valve, red carpet, red devil, reed
    organ, reed pipe, reed stop, reef knot, reference grid, refractory pot, relay link, relay
    station, relay transmitter, relief valve, remote control, remote station, remote terminal,
    removable disk, ribbed vault, rider plate, riding crop, riding lamp, riding light, rigger
    brush, right field, ring armour, ring mail, ringside seat, ripping bar, rivet line, robot
    pilot, rochon prism, rock bit, rocker arm, rocking horse, roll film, roller bearing, roller
    bit, roller blind, rolling hitch, roman candle, roof peak, room light, rope yard, rope yarn,
    rose bed, rose water, rosin bag, rotary press, rotary wing, rotating mechanism, rotating
    shaft, rotor blade, rotor coil, rotor head, rotor shaft, rough drawing, round file, round
    shot, router plane, rubber band, rubber stamp, rubbing alcohol, rudder blade, rug beater,
    rug pad, rumble seat, runcible spoon, running board, running light, rush candle, rya rug, s
    wrench, saber saw, sable brush, sacramental oil, saddle blanket, saddle roof, saddle seat,
    saddleback roof, safety bolt, safety catch, safety curtain, safety island, safety isle,
    safety lamp, safety nut, safety valve, safety zone, salad bowl, salad fork, salad plate,
    salt shaker, sand painting, sand wedge, saran wrap, sash fastener, sash line, sash weight,
    satellite television, satellite transmitter, satellite tv, saw set, scarf joint, scatter
    rug, schematic drawing, scintillation counter, scouring pad, screen background, screen
    saver, screw eye, screw jack, screw log, screw wrench, scroll saw, scrub brush, scrub plane,
    scrubbing brush, sculptural relief, sea chest, seal ring, sealing wax, searing iron, seating
    area, seating room, secobarbital sodium, second base, secondary coil, secondary storage,
    secondary winding, securities market, security blanket, security measure, segway ht,
    semiconductor unit, sensing element, sentry box, septic tank, serial port, serial printer,
    set square, seven iron, sewing basket, sewing needle, shadow box, shag rug, shaving brush,
    shaving cream, shaving foam, sheath pile, sheet bend, sheet glass, sheet iron, sheet metal,
    sheet pile, sheet web, shelf bracket, shift register, shock absorber, shooting iron,
    shooting stick, shop floor, shopping bag, shopping basket, short iron, shot glass, shot
    hole, shoulder bag, shoulder board, shoulder mark, shoulder patch, shower curtain, shutting
    post, siamese connection, sick bag, side arm, side horse, side yard, sight setting, signet
    ring, sildenafil citrate, silent butler, silicon chip, silver medal, silver plate, silver
    protein, sinusoidal projection, six pack, sixpenny nail, size stick, sketch pad, ski
    binding, ski jump, ski mask, skin patch, skirting board, slate roof, sleeping bag, sleeping
    draught, slice bar, slide action, slide fastener, slide rule, slide valve, sliding board,
    sliding keel, sliding seat, slinger ring, slip clutch, slip ring, slit lamp, slop bowl, slop
    jar, sluice valve, small beer, small stuff, smelling bottle, smoke alarm, smoke hole,
    smoking mixture, smooth plane, smoothing iron, smoothing plane, snaffle bit, snap fastener,
    snap line, snap ring, snellen chart, snow chain, snow thrower, soap film, soap flakes, soap
    pad, soap powder, socket wrench, soda bottle, sodium ethylmercurithiosalicylate, sodium
    salicylate, soft goods, soft pedal, softback book, solar array, solar battery, solar
    collector, solar furnace, soldering iron, soothing syrup, sound film, sound hole, sounding
    lead, sounding line, soup bowl, soup plate, soup spoon, soybean future, space bar, space
    rocket, space station, spade bit, spare part, spark coil, spark gap, spark plug, spark
    transmitter, sparking plug, sparkplug wrench, speaker unit, spear thrower, special k,
    specimen bottle, speed indicator, spice rack, spider web, spike suppressor, spin drier,
    spinning frame, spinning jenny, spinning top, spiral spring, spirit lamp, spirit level,
    split rail, sponge bag, sponge cloth, sport kite, sporting goods, spot market, spot weld,
    spring balance, spring scale, spun yarn, square knot, square nut, squash court, squash
    racket, squawk box, squeeze box, stabilizer bar, stage set, stage setting, stall bar, stamp
    album, stamp pad, standard transmission, standing press, standing room, static line, static
    tube, stator coil, steam iron, steam organ, steam whistle, steamship company, steamship
    line, steel plate, steering linkage, steering mechanism, stereoscopic picture, stern chaser,
    stick figure, stick horse, stick shift, sticking plaster, still life, stillson wrench,
    stirrup iron, stock exchange, stock market, stock ticker, stone pit, stopper knot, storage
    battery, storage ring, storage tank, storm lamp, stove bolt, stovepipe iron, streamer fly,
    street corner, street lamp, street organ, streetcar track, string bass, strip lighting,
    stripper well, strobe light, structural member, stub nail, stud finder, stuffing nut, stump
    spud, stunt kite, stylus printer, submarine torpedo, subscriber line, subway token, suction
    cup, suede cloth, sugar bowl, sugar spoon, summer camp, sumo ring, sun blocker, sun lamp,
    sunk fence, sunray lamp, super acid, super c, superconducting supercollider, supply chamber,
    support column, surge protector, surge suppressor, surgical dressing, sustaining pedal,
    swagger stick, sweat bag, sweep hand, swinging post, swizzle stick, sword knot, sword stick,
    table saw, table service, tabor pipe, taffrail log, tag end, tail fin, tail lamp, takeoff
    booster, takeoff rocket, talcum powder, talking book, tamping bar, tank iron, tap wrench,
    tape drive, tape measure, tape player, tape transport, taper file, tappet wrench, tau cross,
    taxi strip, tea chest, tea cloth, tea maker, tea service, tea set, teaching aid, teddy bear,
    teething ring, telegraph line, telegraph post, telephone exchange, telephone extension,
    telephone jack, telephone line, telephone plug, telephone set, telescope sight, telescopic
    sight, television monitor, television set, television transmitter, television tube, tennis
    court, tennis racket, tenpenny nail, terminal figure, terra cotta, terra sigillata, terry
    cloth, tesla coil, test bed, thatched roof, theater curtain, theater light, theater stage,
    theatre curtain, theatre stage, thermal printer, thermionic tube, thermionic valve, thermos
    bottle, thiopental sodium, thiopentobarbital sodium, third base, third rail, threshold
    element, threshold gate, thrombolytic agent, throttle valve, throw pillow, throw rug, throw
    stick, throwing board, throwing stick, thrust bearing, thrust stage, thumb index, thunder
    mug, ticket window, tickler coil, tie beam, tie tack, tiered seat, tile cutter, tile roof,
    tilting board, timber hitch, time exposure, tin opener, tin plate, tin whistle, tire chain,
    tire iron, toasting fork, toe box, toggle bolt, toggle joint, toilet articles, toilet bag,
    toilet bowl, toilet powder, toilet water, toll line, tolmetin sodium, tone arm, tongue
    depressor, tool bag, tool cabinet, tool case, tool chest, tooth powder, top lift, torque
    wrench, torsion balance, tote bag, towel bar, towel rail, towel ring, towing line, toy box,
    toy chest, toy soldier, trade good, traffic circle, traffic island, trailing edge, train
    set, transdermal patch, transit line, transmission line, transmission shaft, transmitting
    aerial, trash barrel, travel iron, traveling bag, travelling bag, trawl line, tray cloth,
    trazodone hydrochloride, treasure chest, tree house, tribromoethyl alcohol, tricolor tube,
    tricolour tube, trip line, trolley line, trophy case, trouser leg, trouser press, truck bed,
    truelove knot, trunk lid, truth serum, try square, tube well, tube wrench, tuck box, tulip
    bed, tumble drier, tuning fork, turnip bed, tv monitor, tv set, twist bit, two iron,
    typewriter carriage, typewriter ribbon, ultraviolet lamp, ultraviolet source, union jack,
    universal joint, upholstery material, upholstery needle, v neck, vacuum bag, vacuum bottle,
    vacuum tube, valproic acid, valve rocker, vanishing cream, vaulting horse, vegetable patch,
    venetian blind, venetian glass, venturi tube, vernier micrometer, vernier scale, vertical
    fin, vertical section, vertical stabilizer, vertical tail, vibrating reed, video display,
    view finder, vigil candle, vigil light, vinyl ether, virtual memory, virtual storage, voix
    celeste, volatile storage, volleyball court, voltage divider, voltaic battery, voltaic pile,
    volute spring, vox angelica, vox humana, vulcanized fiber, waffle iron, waist pack, wake
    board, walking stick, wall bracket, wall painting, wall plate, wall plug, wall socket, wash
    drawing, washing powder, waste basket, wastepaper basket, watch case, watch chain, watch
    crystal, watch glass, watch guard, water back, water bottle, water finder, water gate, water
    jacket, water meter, water mill, water skin, water tank, water tap, water tower, water
    wings, watering pot, wats line, wave guide, wax figure, wax light, way out, weather chart,
    weather sheet, weather strip, weather stripping, wedding band, wedding chest, wedding
    picture, wedding ring, wendy house, western ax, wet fly, wheat future, wheatstone bridge,
    whip top, whipping post, whipping top, whisk broom, whiskey bottle, whispering dome,
    whispering gallery, white goods, wicker basket, wide wale, wiggle nail, wildcat well, wilton
    carpet, winchester drive, wind rose, wind tee, window blind, window box, window glass,
    window shade, windscreen wiper, windshield wiper, windsor knot, wine barrel, wine bottle,
    wine bucket, wine cask, wing flat, wing screw, wing tip, wiper arm, wiper blade, wire cloth,
    wire cutter, wire printer, wire stripper, wireless fidelity, wollaston prism, wood file,
    wooden leg, wooden spoon, woodworking plane, worldly good, worldly possession, worsted yarn,
    wrecking bar, wrestling ring, wrist band, writing arm, writing board, writing desk,
    xerographic printer, xerox copy, xor gate, yagi aerial, yard donkey, yard goods, yard
    measure, yellow jacket, zip fastener
    """.split(",")
    if s.strip()
)

__all__ = ["COMPOUND_ARTEFACTS", "COMPOUND_KINDS"]
